// boneyard's account page: log in, sign up, change the password, delete the account.
"use strict";

function notice(id, text) {
  for (const box of ["account-error", "account-info"]) {
    document.getElementById(box).classList.add("hidden");
  }
  if (!text) return;
  const box = document.getElementById(id);
  box.textContent = text;
  box.classList.remove("hidden");
}

/** The account's language: the languages boneyard speaks, or the browser's own. */
async function showLanguage() {
  const select = clear(document.getElementById("account-language"));
  let chosen = null;
  try {
    chosen = (await api("/api/me")).language;
  } catch (e) {
    return;
  }
  select.appendChild(el("option", {value: "", selected: chosen === null || null}, t("The browser's language")));
  for (const [tag, name] of Object.entries(I18N.languages || {})) {
    select.appendChild(el("option", {value: tag, lang: tag, selected: tag === chosen || null}, name));
  }
}

async function showState() {
  await showWho(showState);
  const signedIn = document.getElementById("me") !== null;
  if (signedIn) await showLanguage();
  document.getElementById("signed-in").classList.toggle("hidden", !signedIn);
  document.getElementById("signed-out").classList.toggle("hidden", signedIn);
}

function handle(formId, path, done) {
  const form = document.getElementById(formId);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form).entries());
    try {
      await postJSON(path, data);
    } catch (e) {
      notice("account-error", e.message);
      return;
    }
    form.reset();
    notice("account-info", done);
    await showState();
  });
}

function start() {
  handle("login-form", "/api/account/login", t("You are logged in."));
  handle("signup-form", "/api/account/signup", t("Your account is made: you are logged in."));
  handle("password-form", "/api/account/password", t("Your password is changed."));
  handle("delete-form", "/api/account/delete", t("Your account is deleted."));
  document.getElementById("account-language").addEventListener("change", async (event) => {
    try {
      await postJSON("/api/language", {language: event.target.value || null});
    } catch (e) {
      notice("account-error", e.message);
      return;
    }
    location.reload();
  });
  // The forms are the script's from now on (tests wait for this mark).
  showState().then(() => { document.body.dataset.ready = "1"; });
}

document.addEventListener("DOMContentLoaded", start);
