/**
 * The e-mail rule as cases: each text and what it reads after scrubbing. The browser logger
 * (logger/scrub.test.ts) and the server's second pass (packages/server/src/logs/scrubEmails.test.ts)
 * both run every row, so the two can never disagree on what an address is.
 */
export const EMAIL_SCRUB_CASES: readonly (readonly [text: string, scrubbed: string])[] = [
  ['user jane.doe@example.com failed', 'user {email} failed'],
  ['<John.Smith+trips@Mail.Example.CO.UK>', '<{email}>'],
  ['mailto:a_b-c@sub-domain.example.travel?x=1', 'mailto:{email}?x=1'],
  ['a@b.io,c@d.es', '{email},{email}'],
  ['mail jane.doe@example.com and Bob+x@mail.example.co.uk now', 'mail {email} and {email} now'],
  // URL-encoded "@", as addresses appear in logged URLs and query strings.
  ['/search?email=jane%40example.org&x=1', '/search?email={email}&x=1'],
  ['https://site.test/?u=JANE%40EXAMPLE.COM', 'https://site.test/?u={email}'],
  // "%", digits and letters are local-part characters: two encoded addresses joined by an
  // encoded comma read as one, and go together.
  ['a%40b.io%2Cc%40d.es', '{email}'],
  // Not addresses: no dotted domain ending in letters, or no local part.
  ['fn@https://www.example.com/app.js:1:2 and /npm/react@19.0.0/index.js and @scope/pkg', 'fn@https://www.example.com/app.js:1:2 and /npm/react@19.0.0/index.js and @scope/pkg'],
  // A Firefox/Safari frame whose file has no scheme (bundled and React Native code) is no
  // address, while an address in a frame's name or path still is.
  ['render@app.min.js:7:8', 'render@app.min.js:7:8'],
  ['async*load@main.chunk.js:1:2 and ann@example.com:', 'async*load@main.chunk.js:1:2 and {email}:'],
  ['    at ann@example.com (https://x.example/a.js:1:2)', '    at {email} (https://x.example/a.js:1:2)'],
  ['fetchUser@https://site.test/u/jane@example.com/app.js:3:4', 'fetchUser@https://site.test/u/{email}/app.js:3:4'],
  ['user@localhost is not an address; @handle neither', 'user@localhost is not an address; @handle neither'],
  ['100%40 off', '100%40 off'],
  ['x@y.z1', 'x@y.z1'],
  // The longest address wins: a domain runs on while it can end in letters.
  ['jane@mail.example.com.es.', '{email}.'],
  ['jane@example.com1', '{email}1'],
  ['', ''],
];
