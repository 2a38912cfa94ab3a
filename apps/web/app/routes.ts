import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  // Resource routes: no page, no shell.
  route('mypage/certificate', 'routes/mypage.certificate.ts'),
  layout('routes/shell.tsx', [
    layout('routes/boundary.tsx', [
      index('routes/home.tsx'),
      route('about', 'routes/about.tsx'),
      route('account/login', 'routes/account.login.tsx'),
      route('account/logout', 'routes/account.logout.tsx'),
      route('account/signup', 'routes/account.signup.tsx'),
      route('account/certemail', 'routes/account.certemail.tsx'),
      route('account/findemail', 'routes/account.findemail.tsx'),
      route('account/findpw', 'routes/account.findpw.tsx'),
      route('account/resetpw', 'routes/account.resetpw.tsx'),
      route('account/withdrawal-complete', 'routes/account.withdrawal-complete.tsx'),
      route('oauth2/:provider', 'routes/oauth2.tsx'),
      route('search-result', 'routes/search-result.tsx'),
      route('mypage', 'routes/mypage.tsx', [
        index('routes/mypage._index.tsx'),
        route('profile', 'routes/mypage.profile.tsx'),
        route('password', 'routes/mypage.password.tsx'),
        route('mobile', 'routes/mypage.mobile.tsx'),
        route('sns', 'routes/mypage.sns.tsx'),
        route('leave', 'routes/mypage.leave.tsx'),
      ]),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
