import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from './errors';
import COMMON_PASSWORDS from './common-passwords.json';

// @node-rs/argon2 declares its Algorithm as a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** Hashes a password with argon2id (the library's OWASP-recommended defaults: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** Checks a password against a stored hash; a malformed or replaced hash (withdrawn member) never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of a random secret, compared against when there is no account, so both paths cost one verification.
let dummy: Promise<string> | undefined;
/** Spends the same time as a real verification (unknown e-mail at login) and answers false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(`no-account-${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummy, password);
  return false;
}

/** The special characters of the password rule; ignored when comparing with the blocklist. */
const SPECIALS = /[#?!@$%^&*\-\s]/g;
const strip = (s: string) => s.toLowerCase().replace(SPECIALS, '');
/** Leetspeak read back as letters (p@ssw0rd → password); 1 may stand for i or l. */
function unleet(s: string, one: 'i' | 'l'): string {
  return strip(s.toLowerCase().replace(/@/g, 'a').replace(/\$/g, 's').replace(/0/g, 'o').replace(/3/g, 'e').replace(/1/g, one));
}

const BLOCKLIST = new Set((COMMON_PASSWORDS as string[]).flatMap((p) => [strip(p), unleet(p, 'i'), unleet(p, 'l')]));

/** Whether a password is one of the most common ones, after removing specials, case and leetspeak. */
export function isCommonPassword(password: string): boolean {
  const forms = [strip(password), unleet(password, 'i'), unleet(password, 'l')];
  return forms.some((f) => BLOCKLIST.has(f));
}

/**
 * Refuses passwords that are easy to guess even though they pass the format rule: the most common passwords and
 * keyboard patterns (Qwer1234!, P@ssw0rd, 1q2w3e4r!), and passwords containing the member's e-mail name or
 * (Latin) name of four or more characters. Throws PASSWORD_TOO_COMMON.
 */
export function assertPasswordAllowed(password: string, who: { email?: string; fullName?: string } = {}): void {
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_COMMON');
  const lower = password.toLowerCase();
  const plain = strip(password);
  const personal = [who.email?.split('@')[0], who.fullName?.replace(/\s+/g, '')]
    .map((s) => (s ?? '').toLowerCase())
    .filter((s) => s.length >= 4);
  for (const p of personal) {
    const q = strip(p);
    if (lower.includes(p) || (q.length >= 4 && plain.includes(q))) throw new AppError('PASSWORD_TOO_COMMON');
  }
}
