// The proof-of-work worker of the captcha widget (captcha-field.tsx), bundled as a same-origin file: the widget's own
// bundle would start its workers from blob: URLs, which the site's Content-Security-Policy (worker-src 'self') refuses.
import 'altcha/workers/pbkdf2';
