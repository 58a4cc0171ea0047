#!/bin/sh
# Rebuilds the Firefox package from the source archive alone (see BUILDING.md): the same files as the
# submitted linkpilot-<version>-firefox.zip, packed the same way.
set -eu
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
LINKPILOT_BUILD=store npx wxt build -b firefox
version=$(node -p "require('./package.json').version")
node scripts/zip.mjs .output/firefox-mv2 "linkpilot-$version-firefox.zip"
echo "Built .output/firefox-mv2 and linkpilot-$version-firefox.zip"
