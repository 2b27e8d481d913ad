import { Hono } from 'hono';
import { openAPIRouteHandler } from 'hono-openapi';
import type { AppEnv } from '../env';

/**
 * /api/openapi.json (generated from the zod schemas on every route) and /api/docs, a small page that
 * renders it without loading anything from outside (works offline).
 */
export const docsRoutes = (api: Hono<AppEnv>) =>
  new Hono<AppEnv>()
    .get(
      '/openapi.json',
      openAPIRouteHandler(api, {
        // GET /business/leads.csv is an operation, not a static file (by default dotted paths are skipped as files)
        excludeStaticFile: false,
        documentation: {
          openapi: '3.1.0',
          info: {
            title: 'SEL API',
            version: '1.0.0',
            description: 'SEL classifieds marketplace. Every response is `{ success: true, data }` or `{ success: false, error, code, issues? }`.',
          },
          servers: [{ url: '/api' }],
          components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        },
      }),
    )
    .get('/docs', (c) => {
      // the page's one inline script and style are its own; nothing else may run or load
      c.header('Content-Security-Policy', "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'");
      return c.html(DOCS_PAGE);
    });

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SEL API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#002f34;background:#f7f8f9}
header{background:#002f34;color:#fff;padding:16px 24px}h1{margin:0;font-size:20px}
main{max-width:960px;margin:0 auto;padding:16px}section{background:#fff;border:1px solid #dde;border-radius:6px;margin:10px 0}
summary{cursor:pointer;padding:10px 14px;display:flex;gap:12px;align-items:center}
.m{font-weight:700;font-size:12px;border-radius:4px;padding:2px 8px;color:#fff;min-width:52px;text-align:center}
.GET{background:#1a7f37}.POST{background:#0969da}.PUT{background:#9a6700}.DELETE{background:#cf222e}
code,pre{font:13px ui-monospace,monospace}pre{background:#f3f4f6;padding:10px;overflow:auto;margin:0 14px 14px}
h3{margin:12px 14px 4px;font-size:14px}p{margin:4px 14px}
</style></head><body><header><h1>SEL API reference</h1><div>Generated from <a style="color:#ffce32" href="/api/openapi.json">/api/openapi.json</a></div></header>
<main id="root">Loading…</main>
<script>
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
  const root=document.getElementById('root');root.textContent='';
  const esc=s=>String(s).replace(/[&<>]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;'}[c]));
  const p=document.createElement('p');p.innerHTML=esc(doc.info.description||'');root.append(p);
  for(const [path,ops] of Object.entries(doc.paths||{}))for(const [method,op] of Object.entries(ops)){
    const s=document.createElement('section');const d=document.createElement('details');
    const params=(op.parameters||[]).map(x=>'<li><code>'+esc(x.name)+'</code> ('+esc(x.in)+(x.required?', required':'')+')</li>').join('');
    const body=op.requestBody?'<h3>Body</h3><pre>'+esc(JSON.stringify(Object.values(op.requestBody.content)[0].schema,null,2))+'</pre>':'';
    const resp=Object.entries(op.responses||{}).map(([k,v])=>'<h3>'+esc(k)+' '+esc(v.description||'')+'</h3>'+(v.content?'<pre>'+esc(JSON.stringify(Object.values(v.content)[0].schema,null,2))+'</pre>':'')).join('');
    d.innerHTML='<summary><span class="m '+method.toUpperCase()+'">'+method.toUpperCase()+'</span><code>/api'+esc(path)+'</code><span>'+esc(op.summary||'')+'</span></summary>'+(op.description?'<p>'+esc(op.description)+'</p>':'')+(params?'<h3>Parameters</h3><ul>'+params+'</ul>':'')+body+resp;
    s.append(d);root.append(s);
  }
}).catch(e=>{document.getElementById('root').textContent='Could not load the API document: '+e});
</script></body></html>`;
