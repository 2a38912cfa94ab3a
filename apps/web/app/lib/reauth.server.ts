import type { AppLoadContext } from 'react-router';
import { parseCookies, serializeCookie } from './cookies';

/**
 * The proof of a social re-authentication (POST /auth/{provider}/reauth) for a member without a password. The
 * /oauth2 page's action keeps it in this cookie; the my-page actions that change the mobile number, the business
 * details or the social links send it to the API as `reauthToken`. HttpOnly, so page scripts never see it;
 * SameSite=Strict, so no other site's request carries it; it lives as long as the proof (five minutes, one use).
 */
const cookieName = (context: AppLoadContext) => `${context.site.slug}-reauth`;

export function reauthCookie(context: AppLoadContext, proof: { reauthToken: string; expiresAt: string }): string {
  const maxAge = Math.max(0, (new Date(proof.expiresAt).getTime() - Date.now()) / 1000);
  return serializeCookie(cookieName(context), proof.reauthToken, {
    maxAge: Number.isFinite(maxAge) ? maxAge : 0,
    sameSite: 'Strict',
    secure: context.secureCookies,
    httpOnly: true,
  });
}

export const clearReauthCookie = (context: AppLoadContext) =>
  serializeCookie(cookieName(context), '', { maxAge: 0, sameSite: 'Strict', secure: context.secureCookies, httpOnly: true });

/** The proof this browser holds, if any (the API decides whether it is still good). */
export function requestReauthToken(request: Request, context: AppLoadContext): string | undefined {
  return parseCookies(request.headers.get('cookie'))[cookieName(context)] || undefined;
}

/**
 * Runs a change that needs the identity proof: the typed current password, else the re-authentication proof this
 * browser holds (then spent, so its cookie is cleared with the answer).
 */
export async function withIdentityProof<T extends object>(
  request: Request,
  context: AppLoadContext,
  typedPassword: unknown,
  change: (proof: { password?: string; reauthToken?: string }) => Promise<T>,
): Promise<T & { setCookie: string[] }> {
  const password = typeof typedPassword === 'string' && typedPassword ? typedPassword : undefined;
  const reauthToken = password ? undefined : requestReauthToken(request, context);
  const result = await change({ password, reauthToken });
  return { ...result, setCookie: reauthToken ? [clearReauthCookie(context)] : [] };
}
