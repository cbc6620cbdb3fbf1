// The sign-up form's hidden time zone: the browser's own (an IANA name), so that emails and
// pages show times on the new player's clock from the start.
document.querySelectorAll('input[name="time_zone"]').forEach(function (input) {
  try {
    if (!input.value) input.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) { /* an old browser: the account starts in UTC */ }
});
