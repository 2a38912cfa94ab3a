import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('routes/shell.tsx', [
    layout('routes/boundary.tsx', [
      index('routes/home.tsx'),
      route('about', 'routes/about.tsx'),
      route('account/login', 'routes/account.login.tsx'),
      route('search-result', 'routes/search-result.tsx'),
      route('mypage', 'routes/mypage.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
