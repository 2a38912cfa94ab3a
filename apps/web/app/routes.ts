import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  // Resource routes: no page, no shell.
  route('mypage/certificate', 'routes/mypage.certificate.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  // The header menu's HTML per language and version (lib/menu-html.ts).
  route('menu-html/:key', 'routes/menu-html.ts'),
  // The PDF files of the PDF pages (/pdf/product/1.pdf...), fetched with the visitor's token and language.
  route('pdf/*', 'routes/pdf-file.ts'),
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
      route('product', 'routes/product._index.tsx'),
      route('product/pdf', 'routes/product.pdf.tsx'),
      route('product/:pid', 'routes/product.$pid.tsx'),
      route('product/:pid/pdf', 'routes/product.$pid.pdf.tsx'),
      route('winery', 'routes/winery._index.tsx'),
      route('winery/pdf', 'routes/winery.pdf.tsx'),
      route('winery/:wid', 'routes/winery.$wid.tsx'),
      route('winery/:wid/pdf', 'routes/winery.$wid.pdf.tsx'),
      route('mypage', 'routes/mypage.tsx', [
        index('routes/mypage._index.tsx'),
        route('profile', 'routes/mypage.profile.tsx'),
        route('password', 'routes/mypage.password.tsx'),
        route('mobile', 'routes/mypage.mobile.tsx'),
        route('sns', 'routes/mypage.sns.tsx'),
        route('grade', 'routes/mypage.grade.tsx'),
        route('leave', 'routes/mypage.leave.tsx'),
      ]),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
