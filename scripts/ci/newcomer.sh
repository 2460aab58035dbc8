#!/usr/bin/env bash
# The README's first command, run as a newcomer runs it: a fresh clone of the committed tree (HEAD; no node_modules,
# .next or .data of a work tree), `npm install && npm start` on a free port, then `npm run serve` (the README's restart
# without rebuilding, on the same .data). Each time, the pages a reader opens first must answer 200 with their content.
# Exits 1, with the failing URL and the server's last lines, when any of it fails. `.ci/run` runs it after `npm test`.
set -euo pipefail

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
head=$(git -C "$repo" rev-parse HEAD)
started=$SECONDS

work=$(mktemp -d "${TMPDIR:-/tmp}/newcomer.XXXXXX")
clone="$work/blog"
log="$work/server.log"
server=''
label=''

say() { echo "newcomer: $*"; }

# Stops the server's whole process group (npm, sh, next): SIGTERM, then SIGKILL after 10 s.
stop_server() {
  [ -n "$server" ] || return 0
  local pid=$server
  server=''
  kill -TERM -- "-$pid" 2>/dev/null || return 0
  for _ in $(seq 1 50); do
    kill -0 -- "-$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 -- "-$pid" 2>/dev/null; then
    say "the server did not stop within 10 s of SIGTERM: SIGKILL"
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || true
}

cleanup() {
  local status=$?
  stop_server
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
  say "FAIL: $*"
  if [ -s "$log" ]; then
    echo "---- last 60 lines of the server's log ($label) ----"
    tail -n 60 "$log"
    echo "----"
  fi
  exit 1
}

say "cloning $repo at $(git -C "$repo" rev-parse --short HEAD) into $clone"
git clone --quiet --no-checkout "$repo" "$clone"
# HEAD itself, fetched by name: in CI it is often a detached commit no branch of the repo holds.
git -C "$clone" fetch --quiet "$repo" HEAD
git -C "$clone" checkout --quiet --detach FETCH_HEAD
[ "$(git -C "$clone" rev-parse HEAD)" = "$head" ] || fail "HEAD of $repo moved while it was cloned"

# A free TCP port: one the kernel gives to a listener on port 0, closed again at once.
port=$(node -e "const s = require('node:net').createServer().listen(0, () => { console.log(s.address().port); s.close(); });")
base="http://localhost:$port"

# What a reader opens first, from the clone's own content: a published post with a plain title (no character the HTML
# escapes), a word of that title for the search, and one of its categories.
picked=$(
  cd "$clone" && node -e '
    const fs = require("node:fs");
    // As React escapes text in HTML.
    const html = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/\x27/g, "&#x27;");
    const posts = fs.readdirSync("content/posts").filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(fs.readFileSync(`content/posts/${f}`, "utf8")))
      .filter((p) => p.status === "PUBLISHED" && Date.parse(p.firstPublishedDate) <= Date.now())
      .sort((a, b) => Date.parse(b.firstPublishedDate) - Date.parse(a.firstPublishedDate));
    const categories = JSON.parse(fs.readFileSync("content/categories.json", "utf8"));
    for (const post of posts.filter((p) => /^[A-Za-z0-9 ,.:-]+$/.test(p.title) && p.categoryIds?.length)) {
      const category = categories.find((c) => post.categoryIds.includes(c.id));
      const word = post.title.split(/[^A-Za-z]+/).sort((a, b) => b.length - a.length)[0];
      if (category && /^[a-z0-9-]+$/.test(category.slug) && word?.length >= 4) {
        const titles = posts.map((p) => html(p.title));
        console.log([post.slug, post.title, word, category.slug, html(category.label), ...titles].join("\n"));
        process.exit(0);
      }
    }
    process.exit(1);
  '
) || fail "no published post with a plain title and a category in content/posts of the clone"
{
  read -r slug
  read -r title
  read -r word
  read -r category
  read -r category_label
  mapfile -t titles
} <<<"$picked"
say "checking with the post /post/$slug (\"$title\"), the category /categories/$category, the word \"$word\""

# The app's own variables unset, and CI: a newcomer has none of them (README: no Wix account needed).
app_env=(CI BLOG_SOURCE BLOG_CONTENT_DIR DATA_DIR DATABASE_URL WIX_CLIENT_ID WIX_API_KEY WIX_SITE_ID WIX_API_BASE_URL
  WIX_WEBHOOK_PUBLIC_KEY OWNER_PASSWORD REDIS_URL SESSION_SECRET SMTP_URL MAIL_FROM MAIL_OUTBOX
  MEMBERS_EMAIL_VERIFICATION MEMBERS_OWNER_APPROVAL TRUST_PROXY_HOPS NEXT_DIST_DIR NODE_ENV E2E)
unset_env=()
for name in "${app_env[@]}"; do unset_env+=(-u "$name"); done

# Runs a command in the clone in the background, in a process group of its own (setsid), output to the log.
start_server() {
  label=$1
  : >"$log"
  say "running \`$label\` in the clone with PORT=$port SITE_URL=$base"
  (cd "$clone" && exec env "${unset_env[@]}" PORT="$port" SITE_URL="$base" setsid bash -c "$1" >>"$log" 2>&1 </dev/null) &
  server=$!
}

# Waits until the site answers at all (any status), for at most $2 seconds; fails at once when the server has died.
wait_for_server() {
  local limit=$2 since=$SECONDS
  while :; do
    if ! kill -0 "$server" 2>/dev/null; then
      wait "$server" && status=0 || status=$?
      server=''
      fail "\`$label\` ended (exit $status) before $base/ answered"
    fi
    if curl -s -o /dev/null --max-time 5 "$base/"; then
      say "$label: $base/ answers after $((SECONDS - since)) s"
      return 0
    fi
    if [ $((SECONDS - since)) -ge "$limit" ]; then
      fail "$base/ did not answer within $limit s of \`$label\`"
    fi
    sleep 2
  done
}

checks=0
body="$work/body"
# GET a path: it must answer 200. The body is kept in $body for the checks below.
get() {
  path=$1
  local code
  code=$(curl -s -o "$body" -w '%{http_code}' --max-time 60 "$base$path") || code="$code (curl exit $?)"
  [ "$code" = 200 ] || fail "GET $base$path answered ${code:-nothing}, not 200"
}
excerpt() { head -c 300 "$body" | tr '\n' ' '; }
# The last page got contains each of these texts (fixed strings, as the HTML has them).
has_all() {
  local text
  for text in "$@"; do
    grep -qF -- "$text" "$body" || fail "GET $base$path answered 200 without \"$text\" (its first 300 bytes: $(excerpt))"
  done
}
# The last page got contains at least one of these texts.
has_any() {
  local text
  for text in "$@"; do
    if grep -qF -- "$text" "$body"; then return 0; fi
  done
  fail "GET $base$path answered 200 without any of $# texts, the first \"$1\" (its first 300 bytes: $(excerpt))"
}
ok() {
  say "GET $path 200 ok"
  checks=$((checks + 1))
}

check_site() {
  # The site's name, and the title of a published post.
  get /
  has_all 'The Render Path'
  has_any "${titles[@]}"
  ok
  get "/post/$slug"
  has_all "<h1" "$title"
  ok
  get "/categories/$category"
  has_all "$category_label"
  ok
  get "/search?q=$word"
  has_all "$title"
  ok
  get /feed.xml
  has_all '<rss'
  has_any "${titles[@]}"
  ok
  # Without OWNER_PASSWORD the page says nobody can log in, instead of the form.
  get /login
  has_all 'Owner login'
  ok
}

# 1. The README's first command: install, build, serve.
start_server 'npm install && npm start'
wait_for_server 'npm install && npm start' 600
first=$((SECONDS - started))
check_site
stop_server
say "npm install && npm start: stopped"

# 2. The README's restart without rebuilding, on the same build and .data.
start_server 'npm run serve'
wait_for_server 'npm run serve' 120
check_site
stop_server
say "npm run serve: stopped"

say "$checks checks passed: \`npm install && npm start\` (site up after ${first} s) and \`npm run serve\`, in $((SECONDS - started)) s"
