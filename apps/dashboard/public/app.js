// Progressive enhancement only: every page works without this file.
// - [data-copy="#id"]: copies the target's value to the clipboard.
// - a[data-confirm]: asks in a dialog, then POSTs the link's target with the page's CSRF token
//   (without JS the link opens a confirmation page that does the same).
// - input[type=file][data-csv-target="#id"]: reads the chosen file into that textarea (CSV import).
// - the template editor: live preview, variables panel rows.
(() => {
  document.documentElement.classList.add("js");

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise((resolve, reject) => {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "sr-only";
      document.body.appendChild(area);
      area.select();
      var ok = document.execCommand("copy");
      document.body.removeChild(area);
      ok ? resolve() : reject(new Error("copy failed"));
    });
  }

  document.addEventListener("click", (event) => {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var target = document.querySelector(button.getAttribute("data-copy"));
    if (!target) return;
    var label = button.textContent;
    copyText(target.value || target.textContent || "").then(
      () => {
        button.textContent = "Copied";
        button.classList.add("copied");
        setTimeout(() => {
          button.textContent = label;
          button.classList.remove("copied");
        }, 2000);
      },
      () => {
        target.select?.();
        button.textContent = "Press Ctrl+C";
      },
    );
  });

  function confirmDialog(link) {
    var dialog = document.createElement("dialog");
    dialog.className = "confirm-dialog";
    dialog.setAttribute("aria-labelledby", "confirm-title");
    var title = document.createElement("h2");
    title.id = "confirm-title";
    title.textContent = "Are you sure?";
    var question = document.createElement("p");
    question.textContent = link.getAttribute("data-confirm");
    var form = document.createElement("form");
    form.method = "post";
    form.action = link.getAttribute("href");
    form.className = "form-actions";
    var csrf = document.createElement("input");
    csrf.type = "hidden";
    csrf.name = "_csrf";
    csrf.value = link.getAttribute("data-csrf") || document.querySelector('meta[name="csrf-token"]')?.content || "";
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "btn btn-secondary";
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => {
      dialog.close();
    });
    var confirm = document.createElement("button");
    confirm.type = "submit";
    confirm.className = "btn btn-danger";
    confirm.textContent = link.getAttribute("data-confirm-label") || "Confirm";
    form.append(csrf, cancel, confirm);
    dialog.append(title, question, form);
    dialog.addEventListener("close", () => {
      dialog.remove();
      link.focus();
    });
    document.body.appendChild(dialog);
    dialog.showModal();
    cancel.focus();
  }

  document.addEventListener("click", (event) => {
    var link = event.target.closest("a[data-confirm]");
    if (!link || typeof HTMLDialogElement !== "function" || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    confirmDialog(link);
  });

  document.addEventListener("change", (event) => {
    var input = event.target;
    if (!input.matches?.("input[type=file][data-csv-target]") || !input.files?.[0]) return;
    var target = document.querySelector(input.getAttribute("data-csv-target"));
    if (!target) return;
    var reader = new FileReader();
    reader.onload = () => {
      target.value = String(reader.result);
    };
    reader.readAsText(input.files[0]);
  });
  // Template editor: the preview follows the draft as it is typed (the server renders it; the
  // frame is sandboxed without scripts, so the rendered HTML cannot run anything). The variables
  // panel adds and removes rows here; without this file, fill in the blank row or clear one.
  var editor = document.querySelector("form[data-template-editor]");
  var timer = null;
  var sequence = 0;
  if (editor) {
    const refresh = () => {
      var mine = ++sequence;
      fetch(editor.getAttribute("data-preview-url"), {
        method: "POST",
        body: new URLSearchParams(new FormData(editor)),
        credentials: "same-origin",
      })
        .then((response) => response.json())
        .then((answer) => {
          if (mine !== sequence) return;
          var error = document.querySelector("[data-preview-error]");
          var subject = document.querySelector("[data-preview-subject]");
          var frame = document.querySelector("iframe[data-template-preview]");
          if (answer.error) {
            error.textContent = answer.error;
            error.hidden = false;
            return;
          }
          error.hidden = true;
          subject.textContent = `Subject: ${answer.subject}`;
          frame.srcdoc = answer.html;
          var undeclared = document.querySelector("[data-preview-undeclared]");
          var names = answer.undeclared || [];
          undeclared.querySelector("[data-undeclared-names]").textContent = names.join(", ");
          undeclared.hidden = names.length === 0;
        })
        .catch(() => {});
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, 250);
    };
    const onEdit = (event) => {
      if (event.target.matches("[data-template-part]")) later();
    };
    editor.addEventListener("input", onEdit);
    editor.addEventListener("change", onEdit);

    // Rows are numbered from 1 in their labels and ids, in order.
    const renumber = () => {
      editor.querySelectorAll("tr[data-variable-row]").forEach((row, i) => {
        row.querySelectorAll("[id^='var-']").forEach((field) => {
          const id = field.id.replace(/^var-\d+-/, `var-${i + 1}-`);
          field.id = id;
          const label = field.getAttribute("aria-label");
          if (label) field.setAttribute("aria-label", label.replace(/^Variable \d+/, `Variable ${i + 1}`));
        });
      });
    };
    const rowTemplate = document.querySelector("template[data-variable-row-template]");
    editor.addEventListener("click", (event) => {
      const remove = event.target.closest("[data-remove-variable]");
      if (remove) {
        remove.closest("tr").remove();
        renumber();
        later();
        return;
      }
      if (event.target.closest("[data-add-variable]") && rowTemplate) {
        const body = editor.querySelector("[data-variable-rows]");
        const row = rowTemplate.content.firstElementChild.cloneNode(true);
        body.appendChild(row);
        renumber();
        row.querySelector("input")?.focus();
      }
    });
  }
})();
