// The signed-in client as GET /v1/users/me answers it, for the web tests of the pages that read it (the
// billing data, the shop's checkout): no billing data yet unless a test gives some.
export const ME = {
  id: "u1",
  email: "giulia@example.it",
  name: "Giulia",
  lastname: "Rossi",
  cellPhone: null,
  marketingConsent: false,
  mailFullText: false,
  privacyConsent: true,
  roles: [],
  invoice: null,
};
