// The pack maker's page: no framework, no build step. Each dropped file gets a card: its @1x
// rendition on the six test backgrounds and its lint findings (POST /v1/lint). The tiles ask
// for APNG (POST /v1/render?scale=1&format=apng), which every browser animates in an <img>,
// whatever the master's format (a WebM master's own format would not show in one). "Download
// packs" posts every file to /v1/packs and saves the ZIP.
"use strict";

const state = { files: [], nextId: 1 };
const drop = document.getElementById("drop");
const input = document.getElementById("files");
const cards = document.getElementById("cards");
const template = document.getElementById("card-template");
const buildButton = document.getElementById("build");
const clearButton = document.getElementById("clear");
const statusLine = document.getElementById("status");

function setStatus(text) { statusLine.textContent = text; }

function updateButtons() {
  buildButton.disabled = state.files.length === 0;
  clearButton.disabled = state.files.length === 0;
}

// The JSON error of the server ({"error", "type"}) or the HTTP status.
async function errorText(response) {
  try {
    const body = await response.json();
    if (body && body.error) return body.error;
  } catch (_) { /* not JSON */ }
  return `HTTP ${response.status} ${response.statusText}`;
}

async function post(path, file) {
  const response = await fetch(`${path}${path.includes("?") ? "&" : "?"}name=${encodeURIComponent(file.name)}`, {
    method: "POST", body: file, headers: { "Content-Type": "application/octet-stream" },
  });
  if (!response.ok) throw new Error(await errorText(response));
  return response;
}

// "...; --fix remove-background" in a message is the suggested fix.
function splitFix(message) {
  const match = message.match(/^(.*?);?\s*(--fix [a-z-]+(?:,[a-z-]+)*)\s*$/);
  return match ? { text: match[1], fix: match[2] } : { text: message, fix: null };
}

function showError(card, message) {
  const line = card.querySelector(".error");
  // Rendering and lint may both fail: say each once.
  line.textContent = line.hidden ? message : `${line.textContent} ${message}`;
  line.hidden = false;
  card.classList.add("has-error");
}

function showFindings(card, report) {
  const list = card.querySelector(".findings");
  list.replaceChildren();
  const facts = [];
  if (report.format) facts.push(report.format.toUpperCase());
  if (report.width && report.height) facts.push(`${report.width}×${report.height}`);
  if (report.frames > 1) facts.push(`${report.frames} frames`);
  facts.push(`${Math.round(report.bytes / 100) / 10} KB`);
  card.querySelector(".facts").textContent = facts.join(" · ");
  if (!report.findings || report.findings.length === 0) {
    const item = document.createElement("li");
    item.className = "ok";
    item.textContent = "No findings: ready for packing.";
    list.append(item);
    return;
  }
  for (const finding of report.findings) {
    const item = document.createElement("li");
    item.className = finding.severity;
    const code = document.createElement("span");
    code.className = "code";
    code.textContent = `${finding.severity} ${finding.code}: `;
    const { text, fix } = splitFix(finding.message);
    item.append(code, document.createTextNode(text));
    if (fix) {
      const suggestion = document.createElement("span");
      suggestion.className = "fix";
      suggestion.textContent = `Suggested fix: rendition lint ${fix}`;
      item.append(suggestion);
    }
    list.append(item);
  }
  if (report.findings.some((f) => f.severity === "error")) card.classList.add("has-error");
}

async function loadCard(entry) {
  const { card, file } = entry;
  card.classList.add("pending");
  const render = post("/v1/render?scale=1&format=apng", file).then(async (response) => {
    const url = URL.createObjectURL(await response.blob());
    entry.url = url;
    for (const image of card.querySelectorAll(".bg img")) {
      image.src = url;
      image.alt = `${file.name} at @1x`;
    }
  }).catch((error) => {
    entry.failed = true;
    showError(card, `Rendering failed: ${error.message}`);
  });
  const lint = post("/v1/lint", file).then(async (response) => {
    const lintDocument = await response.json();
    showFindings(card, lintDocument.files[0]);
  }).catch((error) => showError(card, `Lint failed: ${error.message}`));
  await Promise.all([render, lint]);
  card.classList.remove("pending");
}

function removeEntry(entry) {
  state.files = state.files.filter((other) => other !== entry);
  if (entry.url) URL.revokeObjectURL(entry.url);
  entry.card.remove();
  updateButtons();
  setStatus(`${state.files.length} sticker${state.files.length === 1 ? "" : "s"}.`);
  drop.focus();
}

function addFiles(fileList) {
  for (const file of fileList) {
    const card = template.content.firstElementChild.cloneNode(true);
    card.querySelector(".name").textContent = file.name;
    const entry = { id: state.nextId++, file, card, url: null, failed: false };
    card.querySelector(".remove").setAttribute("aria-label", `Remove ${file.name}`);
    card.querySelector(".remove").addEventListener("click", () => removeEntry(entry));
    state.files.push(entry);
    cards.append(card);
    loadCard(entry);
  }
  updateButtons();
  setStatus(`${state.files.length} sticker${state.files.length === 1 ? "" : "s"}.`);
}

// Writes why a platform's pack was not made next to its box, and clears the others.
function showRefused(refused) {
  for (const box of document.querySelectorAll('input[name="platform"]')) {
    const label = box.closest("label");
    let note = label.querySelector(".refused");
    if (refused[box.value]) {
      if (!note) {
        note = document.createElement("span");
        note.className = "refused";
        label.append(note);
      }
      note.textContent = ` not made: ${refused[box.value]}`;
    } else if (note) {
      note.remove();
    }
  }
}

async function buildPacks() {
  const platforms = [...document.querySelectorAll('input[name="platform"]:checked')].map((box) => box.value);
  // Files the server could not render would fail the whole pack: they stay out, with a note.
  const usable = state.files.filter((entry) => !entry.failed);
  const skipped = state.files.length - usable.length;
  if (usable.length === 0) {
    setStatus("No sticker can be packed: every file failed to render.");
    return;
  }
  const form = new FormData();
  for (const entry of usable) form.append("stickers", entry.file, entry.file.name);
  buildButton.disabled = true;
  setStatus("Building packs…");
  try {
    const name = document.getElementById("pack-name").value.trim() || "Stickers";
    const query = `?name=${encodeURIComponent(name)}` +
      (platforms.length ? `&platform=${encodeURIComponent(platforms.join(","))}` : "");
    const response = await fetch(`/v1/packs${query}`, { method: "POST", body: form });
    if (!response.ok) throw new Error(await errorText(response));
    const blob = await response.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "packs.zip";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    const left = skipped ? ` ${skipped} file${skipped === 1 ? "" : "s"} left out (see ${skipped === 1 ? "its card" : "their cards"}).` : "";
    // The server says which packs it made and why it did not make the others.
    const made = (response.headers.get("Rendition-Packs-Made") || "").split(",").filter(Boolean);
    let refused = {};
    try { refused = JSON.parse(response.headers.get("Rendition-Pack-Problems") || "{}"); } catch (_) { refused = {}; }
    showRefused(refused);
    const label = (id) => (id === "apple-messages" ? "Apple" : id);
    const notMade = Object.keys(refused).map((id) => `${label(id)} (${refused[id]})`);
    setStatus(`Packs downloaded (${Math.round(blob.size / 1024)} KB): ${made.map(label).join(", ")}.` +
      (notMade.length ? ` Not made: ${notMade.join("; ")}.` : "") + left);
  } catch (error) {
    showRefused({});
    setStatus(`Packs failed: ${error.message}`);
  } finally {
    updateButtons();
  }
}

drop.addEventListener("click", (event) => { if (event.target === drop) input.click(); });
drop.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") { event.preventDefault(); input.click(); }
});
drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
drop.addEventListener("dragleave", () => drop.classList.remove("over"));
drop.addEventListener("drop", (event) => {
  event.preventDefault();
  drop.classList.remove("over");
  addFiles(event.dataTransfer.files);
});
input.addEventListener("change", () => { addFiles(input.files); input.value = ""; });
buildButton.addEventListener("click", buildPacks);
clearButton.addEventListener("click", () => { for (const entry of [...state.files]) removeEntry(entry); });
