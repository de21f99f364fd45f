// Passkey buttons (needs JS: WebAuthn is a browser API). Uses SimpleWebAuthnBrowser (the vendor bundle).
// - [data-passkey-register="/account/passkeys"]: asks the server for options, creates a passkey,
//   sends the answer with the name in #f-passkeyName, then reloads the page.
// - [data-passkey-sign-in="/login/passkey"]: asks for options, signs the challenge, sends the
//   answer, then goes to data-next.
// - [data-passkey-confirm="/account/reauth"] inside a form: asks for options, signs the challenge,
//   puts the answer in the form's passkeyAssertion field, then sends the form to data-action.
(() => {
  const csrf = document.querySelector('meta[name="csrf-token"]');
  const token = csrf ? csrf.getAttribute("content") : "";

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
      body: JSON.stringify(body || {}),
    }).then((res) =>
      res.json().then((data) => {
        if (!res.ok) throw new Error(data.error || "The request failed.");
        return data;
      }),
    );
  }

  function showError(button, error) {
    const box = button.parentElement.querySelector(".passkey-error");
    if (!box) return;
    box.textContent = error?.message || "The passkey could not be used.";
    box.hidden = false;
  }

  document.addEventListener("click", (event) => {
    const lib = window.SimpleWebAuthnBrowser;
    const register = event.target.closest("[data-passkey-register]");
    const signIn = event.target.closest("[data-passkey-sign-in]");
    if (register && lib) {
      const url = register.getAttribute("data-passkey-register");
      const nameInput = document.getElementById("f-passkeyName");
      register.disabled = true;
      post(`${url}/options`)
        .then((options) => lib.startRegistration({ optionsJSON: options }))
        .then((response) => post(url, { name: nameInput ? nameInput.value : "", response: response }))
        .then(() => window.location.reload())
        .catch((error) => {
          register.disabled = false;
          showError(register, error);
        });
    }
    const confirm = event.target.closest("[data-passkey-confirm]");
    if (confirm && lib) {
      const form = confirm.closest("form");
      confirm.disabled = true;
      post(`${confirm.getAttribute("data-passkey-confirm")}/options`)
        .then((options) => lib.startAuthentication({ optionsJSON: options }))
        .then((response) => {
          form.querySelector('input[name="passkeyAssertion"]').value = JSON.stringify(response);
          const action = confirm.getAttribute("data-action");
          if (action) form.setAttribute("action", action);
          form.submit();
        })
        .catch((error) => {
          confirm.disabled = false;
          showError(confirm, error);
        });
    }
    if (signIn && lib) {
      const signInUrl = signIn.getAttribute("data-passkey-sign-in");
      signIn.disabled = true;
      post(`${signInUrl}/options`)
        .then((options) => lib.startAuthentication({ optionsJSON: options }))
        .then((response) => post(signInUrl, response))
        .then(() => {
          window.location.assign(signIn.getAttribute("data-next") || "/");
        })
        .catch((error) => {
          signIn.disabled = false;
          showError(signIn, error);
        });
    }
  });
})();
