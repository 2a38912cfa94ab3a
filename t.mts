import { buildApp } from '@podo/api';
import { loadConfig } from '@podo/config';
import { openDatabase, migrateDatabase } from '@podo/db';
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' });
const db = await openDatabase({}); await migrateDatabase(db);
const app = await buildApp({ config, db });
for (const [m, u, h, p] of [['GET','/api/v1/health'],['GET','/api/v1/setting/language'],['GET','/api/v1/countries?lang=ja-JP'],['GET','/api/v1/nope',{ 'accept-language':'en-US'}],['POST','/api/v1/login',{'content-type':'application/json'},'{bad'],['POST','/api/v1/login',{'content-type':'application/json','accept-language':'ja'},'{"email":"x","password":""}'],['GET','/api/v1/me'],['GET','/api/v1/me',{authorization:'Bearer abc'}],['GET','/api/v1/countries?lang=xx'],['GET','/api/v1/openapi.json'],['GET','/api/docs']] as any) {
  const r = await app.inject({ method: m, url: u, headers: h, payload: p });
  console.log(m, u, r.statusCode, r.body.slice(0, 160));
}
await app.close(); await db.close();
