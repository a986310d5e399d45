// The playground: paste a function (or pick an example), choose source and target, give input
// shapes, and see the emitted code, the verification report and the graph. It talks to the
// gateway's own API (POST /v1/transpile, GET /v1/backends) and loads nothing from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);
let examples = [];
let lastCode = "", lastName = "transpiled";

function parseInputs(text) {
  // "float32[2,3], int64[4]" -> [{dtype, shape}, ...]
  const out = [];
  const re = /([A-Za-z0-9_]+)\s*\[([^\]]*)\]/g;
  let m;
  while ((m = re.exec(text)) !== null) {
    const dims = m[2].split(",").map((d) => d.trim()).filter((d) => d !== "");
    out.push({ dtype: m[1], shape: dims.map((d) => parseInt(d, 10)) });
  }
  if (!out.length && text.trim()) throw new Error(`inputs: expected dtype[d0,d1,...], e.g. float32[2,3]`);
  return out;
}

function setStatus(kind, text) {
  const s = $("status");
  s.className = `status ${kind}`;
  s.textContent = text;
}

function headers() {
  const h = { "Content-Type": "application/json" };
  const t = $("token").value.trim();
  if (t) h.Authorization = `Bearer ${t}`;
  return h;
}

const FORM = ["code", "entry", "source", "target", "inputs"];  // what an example fills in

function loadExample(i) {
  const e = examples[i];
  if (!e) return;
  for (const k of FORM) $(k).value = e[k];
  syncExample();
}

function syncExample() {
  // the selector names the example the form holds, else "custom" (an option that exists only
  // while the form is edited away from every example)
  const sel = $("example");
  const i = examples.findIndex((e) => FORM.every((k) => $(k).value === e[k]));
  let custom = sel.querySelector("option[value='custom']");
  if (i >= 0) {
    if (custom) custom.remove();
    sel.value = String(i);
    return;
  }
  if (!custom) {
    custom = document.createElement("option");
    custom.value = "custom";
    custom.textContent = "custom (edited)";
    sel.appendChild(custom);
  }
  sel.value = "custom";
}

function clearResult(why) {
  // no result of an earlier request stays on the page once a new one is sent: a failure never
  // shows above the previous code, verification and graph
  lastCode = "";
  $("result-code").textContent = "";
  $("report").innerHTML = why ? `<p class="stale">${IvyHighlight.escape(why)}</p>` : "";
  $("report-json").textContent = "";
  renderGraph(null);
  $("copy").disabled = $("download").disabled = true;
}

function fmtErr(v) {
  if (typeof v === "number") return v === 0 ? "0" : v.toExponential(2);
  return String(v);
}

function renderReport(report) {
  const v = report.verification || {};
  const rows = [];
  for (const part of ["example", "second_draw"]) {
    for (const e of (Array.isArray(v[part]) ? v[part] : [])) {
      rows.push([`${part.replace("_", " ")} ${e.path}`, e.ok, e.max_abs_err, e.why]);
    }
  }
  const tw = v.target_worker || {};
  for (const e of (Array.isArray(tw.example) ? tw.example : [])) {
    rows.push([`target worker ${e.path}`, e.ok, e.max_abs_err, e.why]);
  }
  const where = IvyHighlight.escape(String(v.where || v.unverified || v.skipped || ""));
  const twNote = tw.skipped ? `<p>Target worker: ${IvyHighlight.escape(tw.skipped)}</p>` : "";
  const table = rows.length ? `<table><tr><th>check</th><th>ok</th><th>max |error|</th><th></th></tr>` +
    rows.map(([name, ok, err, why]) => `<tr><td>${IvyHighlight.escape(name)}</td>` +
      `<td class="${ok ? "ok" : "bad"}">${ok ? "✓" : "✗"}</td><td class="num">${fmtErr(err)}</td>` +
      `<td>${IvyHighlight.escape(why || "")}</td></tr>`).join("") + "</table>" : "";
  const ops = (report.ops || []).map((o) => `<tr><td>${IvyHighlight.escape(o.op)}</td>` +
    `<td>${IvyHighlight.escape(o.mapping || "")}</td><td class="num">${o.count}</td></tr>`).join("");
  $("report").innerHTML = `<p>${where}</p>${twNote}${table}` +
    (ops ? `<h2>Operations</h2><table><tr><th>captured</th><th>mapped to</th><th>count</th></tr>${ops}</table>` : "");
}

function renderGraph(svg) {
  const g = $("graph");
  g.textContent = "";
  if (!svg) return;
  // as an <img>: an SVG shown as an image runs no script, whatever it contains
  const img = document.createElement("img");
  img.alt = "the transpiled graph";
  img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  g.appendChild(img);
}

async function transpile() {
  let inputs;
  clearResult("");
  const failed = "No result: the last request failed (see the message above).";
  try {
    inputs = parseInputs($("inputs").value);
  } catch (e) {
    setStatus("error", e.message);
    clearResult(failed);
    return;
  }
  localStorage.setItem("ivy-token", $("token").value.trim());
  const body = {
    code: $("code").value, entry: $("entry").value.trim(), source: $("source").value,
    target: $("target").value, inputs,
    options: { svg: true, remote_verify: $("remote").checked },
  };
  setStatus("busy", `Transpiling ${body.source} → ${body.target} …`);
  $("go").disabled = true;
  const t0 = performance.now();
  try {
    const r = await fetch("/v1/transpile", { method: "POST", headers: headers(), body: JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok) {
      setStatus("error", `${data.status || r.status} ${data.code || ""}: ${data.detail || r.statusText}`);
      clearResult(failed);
      return;
    }
    lastCode = data.code;
    lastName = (data.report && data.report.name) || body.entry;
    $("result-code").innerHTML = IvyHighlight.python(data.code);
    $("report-json").textContent = JSON.stringify(data.report, null, 2);
    renderReport(data.report);
    renderGraph(data.svg);
    $("copy").disabled = $("download").disabled = false;
    const v = (data.report && data.report.verification) || {};
    const ms = Math.round(performance.now() - t0);
    const on = (v.verified_on || []).join(", ");
    if (v.verified === true) {
      setStatus("ok", `verified ✓ ${body.source} → ${body.target} (${on})${data.cached ? ", cached" : ""} — ${ms} ms`);
    } else {
      setStatus("unverified", `not verified: ${v.unverified || v.skipped || "see the report"} — ${ms} ms`);
    }
  } catch (e) {
    setStatus("error", `request failed: ${e.message}`);
    clearResult(failed);
  } finally {
    $("go").disabled = false;
  }
}

async function showBackends() {
  try {
    const r = await fetch("/v1/backends", { headers: headers() });
    if (!r.ok) {
      $("backends").textContent = "workers: (token needed: open the link ivy-serve printed, " +
        "or paste the token file's content, ~/.config/ivy/token)";
      return;
    }
    const data = await r.json();
    $("backends").textContent = "workers: " + data.workers.map(
      (w) => `${w.backend}@${w.device} ${w.status === "SERVING" ? (w.framework_version || "") : w.status}`).join(" · ");
  } catch (e) {
    $("backends").textContent = "workers: ?";
  }
}

async function init() {
  // the link ivy-serve prints carries the token in its fragment (never sent to the server):
  // keep it, and take it out of the address bar and the history
  const m = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  if (m) {
    localStorage.setItem("ivy-token", decodeURIComponent(m[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  $("token").value = localStorage.getItem("ivy-token") || "";
  try {
    examples = await (await fetch("/static/examples.json")).json();
  } catch (e) {
    examples = [];
  }
  const sel = $("example");
  examples.forEach((e, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = e.name;
    sel.appendChild(o);
  });
  sel.addEventListener("change", () => { if (sel.value !== "custom") loadExample(+sel.value); });
  for (const k of FORM) $(k).addEventListener(k === "source" || k === "target" ? "change" : "input",
                                              syncExample);
  loadExample(0);
  $("go").addEventListener("click", transpile);
  $("token").addEventListener("change", showBackends);
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(lastCode);
      setStatus($("status").className.split(" ")[1], $("status").textContent.replace(/ \(copied\)$/, "") + " (copied)");
    } catch (e) {
      const range = document.createRange();
      range.selectNodeContents($("result-code"));
      const s = window.getSelection(); s.removeAllRanges(); s.addRange(range);
    }
  });
  $("download").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([lastCode], { type: "text/x-python" }));
    a.download = `${lastName}_${$("target").value}.py`;
    a.click();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) transpile();
  });
  showBackends();
}

init();
