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

async function showState() {
  await showWho(showState);
  const signedIn = document.getElementById("me") !== null;
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
  handle("login-form", "/api/account/login", "You are logged in.");
  handle("signup-form", "/api/account/signup", "Your account is made: you are logged in.");
  handle("password-form", "/api/account/password", "Your password is changed.");
  handle("delete-form", "/api/account/delete", "Your account is deleted.");
  // The forms are the script's from now on (tests wait for this mark).
  showState().then(() => { document.body.dataset.ready = "1"; });
}

document.addEventListener("DOMContentLoaded", start);
