/**
 * The HTML report's inline stylesheet and script. Inline so the report is one file that opens
 * anywhere (mail attachment, file share) and makes no network request.
 */

export const htmlReportStyle = `
:root{--bg:#f5f6f8;--card:#fff;--ink:#1c2230;--muted:#5d6678;--line:#e2e5eb;--pass:#16794a;--pass-bg:#e3f4ea;
--fail:#b42318;--fail-bg:#fde8e6;--warn:#9a5b00;--warn-bg:#fff3dc;--accent:#2451b7;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
header.top{background:#172033;color:#fff;padding:18px 32px;display:flex;align-items:center;gap:16px}
header.top .brand{font-weight:700;letter-spacing:.02em;font-size:15px}
header.top .brand span{color:#9fb3d9;font-weight:500;margin-left:8px}
header.top .status{margin-left:auto}
main{max-width:1200px;margin:0 auto;padding:24px 32px 64px}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:17px;margin:32px 0 12px}
h3{font-size:15px;margin:0}
.meta{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:4px 24px;color:var(--muted);margin:8px 0 20px}
.meta b{color:var(--ink);font-weight:600}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:14px 16px}
.card .label{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.05em}
.card .value{font-size:26px;font-weight:700;margin-top:2px}
.card .sub{color:var(--muted);font-size:12px}
.pill{display:inline-block;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:700;letter-spacing:.04em}
.pill.pass{background:var(--pass-bg);color:var(--pass)}
.pill.fail{background:var(--fail-bg);color:var(--fail)}
.pill.invalid{background:var(--warn-bg);color:var(--warn)}
header.top .pill{font-size:13px;padding:4px 14px}
table{width:100%;border-collapse:collapse;background:var(--card)}
.table-wrap{overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:8px}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid var(--line);vertical-align:top}
th{white-space:nowrap;background:#f0f2f6;color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em;font-weight:600}
tr:last-child td{border-bottom:0}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td .why{display:block;color:var(--warn);font-size:12px}
td.fail-count{color:var(--fail);font-weight:600}
.bar{height:8px;min-width:120px;background:var(--fail-bg);border-radius:4px;overflow:hidden}
.bar i{display:block;height:100%;background:var(--pass)}
.bar.empty{background:var(--line)}
a{color:var(--accent);text-decoration:none}
a:hover{text-decoration:underline}
code,.mono{font-family:var(--mono);font-size:12.5px}
section.spec{background:var(--card);border:1px solid var(--line);border-left:4px solid var(--line);border-radius:8px;padding:16px 20px;margin:12px 0}
section.spec.pass{border-left-color:var(--pass)}
section.spec.fail{border-left-color:var(--fail)}
section.spec .head{display:flex;align-items:center;gap:10px;flex-wrap:wrap}
section.spec .ident{color:var(--muted);font-family:var(--mono);font-size:12px}
section.spec .counts{margin-left:auto;color:var(--muted)}
section.spec p{margin:8px 0 0}
section.spec .reason{color:var(--warn);background:var(--warn-bg);padding:6px 10px;border-radius:6px}
.facets{display:grid;grid-template-columns:1fr 1fr;gap:16px;margin-top:12px}
.facets h4{margin:0 0 4px;font-size:12px;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.facets ul{margin:0;padding-left:18px}
.card-tag{font-size:11px;color:var(--muted);border:1px solid var(--line);border-radius:4px;padding:0 5px;margin-left:6px}
.filters{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin-bottom:10px}
.filters input,.filters select{font:inherit;padding:6px 10px;border:1px solid #c9ced8;border-radius:6px;background:#fff}
.filters input{flex:1;min-width:220px}
.filters select{max-width:280px}
.filters .shown{color:var(--muted);margin-left:auto}
.reasons{margin:0;padding-left:16px}
#failures td.wrap{overflow-wrap:anywhere;max-width:260px}
#failures td.spec-cell{overflow-wrap:break-word;min-width:150px;max-width:220px}
#failures td.why-cell{min-width:340px;width:40%}
#failures td.gid{white-space:nowrap}
.reasons .value{color:var(--muted)}
.note{color:var(--muted);font-style:italic;margin-top:8px}
.problems li{margin:4px 0}
button.link{background:none;border:0;color:var(--accent);font:inherit;cursor:pointer;padding:0}
footer{color:var(--muted);font-size:12px;margin-top:40px;text-align:center}
@media print{header.top{background:#fff;color:#000}.filters{display:none}body{background:#fff}}
@media (max-width:700px){main{padding:16px}.facets{grid-template-columns:1fr}}
`;

/** Filters the failing-elements table by free text, specification and class. */
export const htmlReportScript = `
(function(){
  var table=document.getElementById('failures');if(!table)return;
  var rows=Array.prototype.slice.call(table.tBodies[0].rows);
  var text=document.getElementById('filter-text'),spec=document.getElementById('filter-spec'),
      cls=document.getElementById('filter-class'),shown=document.getElementById('filter-shown');
  var haystack=rows.map(function(r){return r.textContent.toLowerCase();});
  function apply(){
    var q=text.value.trim().toLowerCase(),s=spec.value,c=cls.value,n=0;
    rows.forEach(function(r,i){
      var ok=(!q||haystack[i].indexOf(q)>=0)&&(!s||r.getAttribute('data-spec')===s)&&(!c||r.getAttribute('data-class')===c);
      r.hidden=!ok;if(ok)n++;
    });
    shown.textContent=shown.getAttribute('data-showing').replace('{shown}',n).replace('{total}',rows.length);
  }
  text.addEventListener('input',apply);spec.addEventListener('change',apply);cls.addEventListener('change',apply);
  document.querySelectorAll('[data-show-spec]').forEach(function(b){
    b.addEventListener('click',function(){spec.value=b.getAttribute('data-show-spec');text.value='';cls.value='';apply();
      document.getElementById('failing-elements').scrollIntoView({behavior:'smooth'});});
  });
  apply();
})();
`;
