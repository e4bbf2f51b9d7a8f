#!/bin/sh
# Run by the nginx image's entrypoint before it fills in the site's template (20-envsubst-on-templates.sh):
# the runtime documents the template includes, made by the same code as the Node static server's
# (scripts/nginx-documents.ts, bundled; the image carries node for this alone).
set -e
exec node /usr/local/lib/medstore/nginx-documents.mjs
