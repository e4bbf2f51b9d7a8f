/**
 * The inline script at the end of index.html. While the HTML is still being parsed it
 * 1. shows the first paint (./FirstPaint.tsx, a <template> per variant and language): the variant for the
 *    path (the hero on `/`) in the page's language (this device's choice, else the browser's: the rule of
 *    @medstore/ui's `initialLanguage`, in ES5; it sets `<html lang>` too), named in #root's `data-first-paint` (and `data-first-paint-signed-in` for a stored profile:
 *    the painted header is a guest's, so its Sign in link is hidden); nothing on back-office paths
 *    (their frame is not the storefront's) or when #root has content;
 * 2. starts the page's first reads and leaves them on web-client's early-request seam
 *    (`window.__medstoreEarly`, version 1, packages/web-client/src/early.ts): `/remotes.json`,
 *    `/config.json`, then the API reads the page's remote declares in its `routes.json` (`EarlyRequest`),
 *    signed in with the stored token (one declared `signedIn` only with one), and a high-priority preload of the page's largest picture as soon
 *    as its URL is in the answer; and the code of that remote: its `mf-manifest.json` (left on the seam
 *    as a read without a token: the shell's federation runtime takes it, ../federation/earlyManifest.ts),
 *    then preloads of its remoteEntry.js and its `./routes` module's chunks, in the form the runtime
 *    and the remote's chunk loader ask for them (plain scripts, no crossorigin), so the browser uses the
 *    preloads; it ran as a chain after the shell's own scripts. The chunks of the screen the page's
 *    route loads on demand (`code` in `routes.json`) are preloaded the same way. A manifest in another form (a publicPath
 *    of its own, a remoteEntry in a folder) is left to the runtime. The API origin is preconnected as
 *    soon as `/config.json` names it;
 * 3. where the page's remote publishes a paint of the page (`PagePaint` in its `routes.json`: /products,
 *    a product page, /checkout) and the page is in English (the paints are drawn in English only; another
 *    language keeps the frame and its Loading box, in that language, until React draws the page), fills it from the early read it names (mf-config's PAGE_PAINT_FILL: text
 *    and attributes only; painted inputs are read-only, as typing there would be lost) and puts it into
 *    `<main>` in place of the Loading box, marking #root `data-first-paint-content`;
 * 4. adds the app's scripts (the entry, at high priority as the build had it, and the start-up chunks the
 *    build lists) once the first paint is on screen, and on a page with a remote's paint only once that
 *    paint's high-priority pictures are in (at most BOOT_HOLD_MAX_MS): the painted page never waits on,
 *    or competes with, the app's ~170 KB. Lighthouse counts every request started before the largest
 *    element's paint in its LCP; on a phone the app's code cost these pages about a second.
 * Plain ES5 in a string: it runs as written, before any bundle, and its SHA-256 is what the
 * Content-Security-Policy allows (scripts/lib/front-end-csp.ts).
 */

import type { Language } from '@medstore/contracts/languages'
import { LANGUAGES } from '@medstore/contracts/languages'
import { PAGE_PAINT_FILL } from '@medstore/mf-config/paint-fill'
import { LANGUAGE_STORAGE_KEY, LOCALES } from '@medstore/ui/early'
import { PROFILE_STORAGE_KEY } from '@medstore/web-client'
import type { FirstPaintVariant } from './FirstPaint.tsx'
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_CONTENT_ATTRIBUTE } from './marker.ts'

const TEMPLATE_ID_PREFIX = 'first-paint-'

/** The <template> holding a variant of the first paint in a language. */
export const firstPaintTemplateId = (variant: FirstPaintVariant, language: Language): string =>
  `${TEMPLATE_ID_PREFIX}${variant}-${language}`

export interface BootScriptOptions {
  /** The default prefixes of the remotes framed as back-office (`/vendor`). */
  backOfficePrefixes: readonly string[]
  /** The entry script(s), run in order. */
  scripts: readonly string[]
  /** Chunks the entry asks for at once: fetched alongside it. */
  preloads: readonly string[]
}

/**
 * A background tab draws no frames (requestAnimationFrame waits until it is shown): the app then starts
 * after this long instead.
 */
export const BOOT_FALLBACK_MS = 100

/**
 * The longest the app's code waits for a remote's page paint (its read, its fill, its high-priority
 * pictures) before it starts anyway.
 */
export const BOOT_HOLD_MAX_MS = 4000

const SOURCE = `(function(){
var d=document,w=window,p=location.pathname,lp=p.toLowerCase().replace(/(.)\\/+$/,'$1'),r=d.getElementById('root'),i,k=0;
function no(){}
var lg=(function(){var s,n=navigator.languages||[],j,q;try{s=localStorage.getItem('$LANGKEY')}catch(x){}if(G.indexOf(s)>=0)return s;
for(j=0;j<n.length;j++){q=String(n[j]).toLowerCase().split('-')[0];if(G.indexOf(q)>=0)return q}return 'en'})();d.documentElement.lang=LOC[lg];
function paint(){if(!r||r.firstChild)return;for(i=0;i<B.length;i++)if(lp===B[i]||lp.indexOf(B[i]+'/')===0)return;
var v=lp==='/'?'home':'page',t=d.getElementById('$TEMPLATE'+v+'-'+lg);if(t&&t.content){r.appendChild(t.content.cloneNode(true));r.setAttribute('$ATTR',v);if(tok)r.setAttribute('$ATTR-signed-in','')}}
function link(rel,u,as,hi){var e=d.createElement('link');e.rel=rel;e.href=u;if(as)e.as=as;if(hi)e.setAttribute('fetchpriority','high');if(rel==='preconnect')e.crossOrigin='anonymous';d.head.appendChild(e)}
function go(){requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,$FALLBACK)}
function release(){if(held){held=0;go()}}
$FILL
function show(P,b){if(k||!b||lg!=='en'||r.getAttribute('$ATTR')!=='page')return release();var t=d.createElement('template');t.innerHTML=P.html;
var main=r.querySelector('main');if(!main||!paintFill(t.content,b))return release();
var fs=t.content.querySelectorAll('input,textarea');for(i=0;i<fs.length;i++)fs[i].readOnly=true;
var st=d.createElement('style');st.textContent=P.css;d.head.appendChild(st);main.textContent='';main.appendChild(t.content);r.setAttribute('$CONTENT','');
var im=main.querySelectorAll('img[fetchpriority="high"]'),n=im.length;function one(){if(--n<=0)release()}
if(!n)return release();for(i=0;i<im.length;i++){if(im[i].complete)one();else{im[i].addEventListener('load',one);im[i].addEventListener('error',one)}}}
function start(){if(k++)return;for(i=0;i<L.length;i++)link('preload',L[i],'script');
for(i=0;i<S.length;i++){var c=d.createElement('script');c.src=S[i];c.async=false;c.setAttribute('fetchpriority','high');d.head.appendChild(c)}}
var E=w.__medstoreEarly={v:1,reads:[],docs:{}};
E.doc=function(n){var x=E.docs[n];delete E.docs[n];return x};
E.take=function(u,t){for(var j=0;j<E.reads.length;j++){var q=E.reads[j];if(!q.used&&q.url===u&&q.token===t){q.used=1;return q.response}}};
E.peek=function(p,t){for(var j=0;j<E.reads.length;j++){var q=E.reads[j];if(!q.used&&q.rel===p&&q.token===t&&q.body!==undefined){setTimeout(function(){q.used=1},0);return q.body}}};
function json(u){return fetch(u,{headers:{accept:'application/json'}}).then(function(x){if(!x.ok)throw new Error(u+' '+x.status);return x.json()})}
function owns(x){x=x.toLowerCase().replace(/\\/\\*$/,'');return x==='/'||x===''?lp==='/':lp===x||lp.indexOf(x+'/')===0}
function read(api,tok,q){if(q.signedIn&&!tok)return;var s=new URLSearchParams(location.search),used={},ok=true;
var path=q.path.replace(/\\{(\\w+)\\}/g,function(m,n){used[n]=1;var v=s.get(n);if(v===null)ok=false;return encodeURIComponent(v||'')});
s.forEach(function(v,n){if(!used[n])ok=false});if(!ok)return;
var u=new URL(api.replace(/\\/+$/,'')+'/'+path.replace(/^\\/+/,''));u.search=new URLSearchParams(u.search).toString();
var rel=new URL(path,'http://peek.invalid');rel.search=new URLSearchParams(rel.search).toString();
var h={accept:'application/json'};if(tok)h.authorization='bearer '+tok;
var res=fetch(u.href,{headers:h});res['catch'](no);var e={url:u.href,rel:rel.pathname+rel.search,token:tok,response:res};E.reads.push(e);
var body=res.then(function(x){return x.ok?x.clone().json():null});body.then(function(b){if(b!=null)e.body=b},no);
if(q.image)body.then(function(b){var v=b;q.image.split('.').forEach(function(n){v=v==null?v:v[n]});
if(typeof v==='string')link('preload',v,'image',1)})['catch'](no);return body}
function code(m){var res=fetch(m,{});res['catch'](no);E.reads.push({url:m,token:null,response:res});
res.then(function(x){return x.ok?x.clone().json():null}).then(function(f){var md=f&&f.metaData,re=md&&md.remoteEntry,pp=md&&md.publicPath;
if(!re||(pp!=='auto'&&pp!=='')||(re.path&&re.path!=='.'))return;link('preload',new URL(re.name,m).href,'script');
(f.exposes||[]).forEach(function(x){if(x.path==='./routes')x.assets.js.sync.forEach(function(a){link('preload',new URL(a,m).href,'script')})})})['catch'](no)}
var tok=null;try{tok=JSON.parse(localStorage.getItem('$PROFILE')).token||null}catch(x){}
try{var R=E.docs.remotes=json('/remotes.json'),C=E.docs.config=json('/config.json');R['catch'](no);C['catch'](no);
C.then(function(c){link('preconnect',new URL(c.apiUrl).origin)})['catch'](no);
R.then(function(t){var m;for(var n in t){var e=t[n];if(e&&e.prefixes&&e.prefixes.some(owns)){m=e.entry;break}}
if(!m)return release();code(m);var RU=new URL('routes.json',m).href,RT=E.docs['routes '+RU]=json(RU);RT['catch'](release);
RT.then(function(rt){var sc=rt&&rt.code||{};for(var key in sc)if(key.toLowerCase()===lp)sc[key].forEach(function(a){link('preload',new URL(a,m).href,'script')})})['catch'](no);
return Promise.all([RT,C]).then(function(v){var ea=v[0]&&v[0].early||{},pa=v[0]&&v[0].paint||{},P,B=[];
for(var key in ea)if(key.toLowerCase()===lp)ea[key].forEach(function(q,j){B[j]=read(v[1].apiUrl,tok,q)});
for(key in pa)if(key.toLowerCase()===lp)P=pa[key];
if(!P||!B[P.read])return release();B[P.read].then(function(b){show(P,b)},release)})})['catch'](release)}catch(x){release()}
paint();var held=r&&r.getAttribute('$ATTR')==='page';if(held)setTimeout(start,$HOLD);else go()})()`

export function firstPaintBootScript({ backOfficePrefixes, scripts, preloads }: BootScriptOptions): string {
  const constants =
    `var B=${JSON.stringify(backOfficePrefixes.map((prefix) => prefix.toLowerCase()))},S=${JSON.stringify(scripts)},L=${JSON.stringify(preloads)},` +
    `G=${JSON.stringify(LANGUAGES)},LOC=${JSON.stringify(LOCALES)};`
  // Replacer functions: a replacement string would expand the `$` sequences in the values.
  return SOURCE.replace('(function(){\n', () => `(function(){${constants}`)
    .replace('$TEMPLATE', () => TEMPLATE_ID_PREFIX)
    .replace('$LANGKEY', () => LANGUAGE_STORAGE_KEY)
    .replace(/\$ATTR/g, () => FIRST_PAINT_ATTRIBUTE)
    .replace('$PROFILE', () => PROFILE_STORAGE_KEY)
    .replace('$FALLBACK', () => String(BOOT_FALLBACK_MS))
    .replace('$HOLD', () => String(BOOT_HOLD_MAX_MS))
    .replace('$FILL', () => PAGE_PAINT_FILL)
    .replace('$CONTENT', () => FIRST_PAINT_CONTENT_ATTRIBUTE)
    .replace(/\n/g, '')
}
