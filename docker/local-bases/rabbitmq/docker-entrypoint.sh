#!/bin/sh
# RABBITMQ_DEFAULT_USER/RABBITMQ_DEFAULT_PASS become the broker's default user (created on the first start
# of an empty data directory), written to conf.d at each start rather than baked into the image.
set -eu
if [ -n "${RABBITMQ_DEFAULT_USER:-}" ] || [ -n "${RABBITMQ_DEFAULT_PASS:-}" ]; then
  {
    printf 'default_user = %s\n' "${RABBITMQ_DEFAULT_USER:-guest}"
    printf 'default_pass = %s\n' "${RABBITMQ_DEFAULT_PASS:-guest}"
  } > /etc/rabbitmq/conf.d/10-default-user.conf
fi
exec "$@"
