/**
 * The fill side of a remote's first paint (./paint.ts builds the template): plain ES5 in a string, put
 * into the shell's inline boot script (its hash is in the Content-Security-Policy), which fills the
 * template's copy from the page's early read. Values go in as text and through `setAttribute` only, never
 * as markup; a filled link or source that would be a `javascript:` URL is dropped.
 */

/**
 * How a slot shows its value. `rupees`: `₹1,23,456.50` (the UI kit's `formatRupees`); `count`: Indian
 * digit grouping of a whole number (`1,00,000`); `uri`: encodeURIComponent; `words:N`: the first N words,
 * then `…` without the last word's trailing punctuation (the storefront's card description).
 */
export type PageFillFormat = 'rupees' | 'count' | 'uri' | `words:${number}`

/**
 * Defines `paintFill(fragment, data)`: expands each `data-paint-each` element into one copy per item of
 * its list (its slots `list.*.x` become `list.i.x`; only items `data-paint-from` ≤ i < `data-paint-until`
 * when it says so, at most 100), then replaces every slot in text and attributes, and keeps an element
 * marked `data-paint-if` (its flag's slot) only where that flag is true.
 * Returns false when the answer lacks a list the template has (the page then keeps its Loading box).
 */
export const PAGE_PAINT_FILL = `function paintFill(f,data){
var O='\\uE000',C='\\uE001',ok=true;
function get(p){var v=data,s=p.split('.');for(var j=0;j<s.length;j++){if(v==null)return '';v=v[s[j]]}return v==null?'':v}
function digits(n){var s=String(Math.floor(Math.abs(n))),l=s.slice(-3),r=s.slice(0,-3).replace(/\\B(?=(\\d{2})+$)/g,',');return (r?r+',':'')+l}
function rupees(n){if(typeof n!=='number'||!isFinite(n))return '\\u20b9\\u2014';var c=Math.round(Math.abs(n)*100),t=digits(Math.floor(c/100))+'.'+String(c%100+100).slice(1);return n<0&&t!=='0.00'?'-\\u20b9'+t:'\\u20b9'+t}
function words(s,n){var w=String(s).replace(/^\\s+|\\s+$/g,'').split(/\\s+/),o=[];for(var j=0;j<w.length;j++)if(w[j])o.push(w[j]);if(o.length<=n)return o.join(' ');return o.slice(0,n).join(' ').replace(/[.,;:!?\\u2013-]+$/,'')+'\\u2026'}
function show(p){var b=p.split('|'),v=get(b[0]),m=b[1]||'';if(m==='rupees')return rupees(v);if(m==='count')return typeof v==='number'?(v<0?'-':'')+digits(v):String(v);if(m==='uri')return encodeURIComponent(String(v));if(m.indexOf('words:')===0)return words(v,+m.slice(6));return String(v)}
function fillText(s){return s.indexOf(O)<0?s:s.replace(/\\uE000([^\\uE001]*)\\uE001/g,function(x,p){return show(p)})}
function swap(e,a,b){var w=e.ownerDocument.createTreeWalker(e,5),n=e;while(n){if(n.nodeType===3){if(n.data.indexOf(a)>=0)n.data=n.data.split(a).join(b)}else for(var j=0;j<n.attributes.length;j++){var at=n.attributes[j];if(at.value.indexOf(a)>=0)at.value=at.value.split(a).join(b)}n=w.nextNode()}}
var L=f.querySelectorAll('[data-paint-each]');for(var i=0;i<L.length;i++){var t=L[i],k=t.getAttribute('data-paint-each'),a=get(k);t.removeAttribute('data-paint-each');
if(!a||typeof a.length!=='number'){ok=false;continue}var fr=+(t.getAttribute('data-paint-from')||0),un=+(t.getAttribute('data-paint-until')||100);t.removeAttribute('data-paint-from');t.removeAttribute('data-paint-until');
for(var j=fr;j<a.length&&j<un&&j<100;j++){var c=t.cloneNode(true);swap(c,O+k+'.*.',O+k+'.'+j+'.');t.parentNode.insertBefore(c,t)}t.parentNode.removeChild(t)}
var w=(f.ownerDocument||f).createTreeWalker(f,5),n=w.nextNode();while(n){if(n.nodeType===3)n.data=fillText(n.data);else for(var j=n.attributes.length-1;j>=0;j--){var at=n.attributes[j];if(at.value.indexOf(O)<0)continue;var v=fillText(at.value);
if(/^(href|src|action|formaction)$/i.test(at.name)&&/^\\s*javascript:/i.test(v))n.removeAttribute(at.name);else n.setAttribute(at.name,v)}n=w.nextNode()}
var F=f.querySelectorAll('[data-paint-if]');for(var i=0;i<F.length;i++){if(F[i].getAttribute('data-paint-if')==='true')F[i].removeAttribute('data-paint-if');else F[i].parentNode.removeChild(F[i])}
return ok}`
