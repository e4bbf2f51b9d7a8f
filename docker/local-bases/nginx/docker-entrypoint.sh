#!/bin/sh
# The contract of the official nginx images' entrypoint: when the command is nginx, source every
# /docker-entrypoint.d/*.envsh and run every executable *.sh there, in name order, then exec the command.
set -e
if [ "$1" = nginx ] || [ "$1" = nginx-debug ]; then
  for script in $(find /docker-entrypoint.d/ -follow -type f -print | sort -V); do
    case "$script" in
      *.envsh)
        if [ -x "$script" ]; then echo "$0: sourcing $script"; . "$script"; else echo "$0: $script is not executable, skipped"; fi ;;
      *.sh)
        if [ -x "$script" ]; then echo "$0: running $script"; "$script"; else echo "$0: $script is not executable, skipped"; fi ;;
      *) echo "$0: ignoring $script" ;;
    esac
  done
  echo "$0: configuration complete; ready for start up"
fi
exec "$@"
