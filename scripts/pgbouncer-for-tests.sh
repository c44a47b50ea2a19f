#!/usr/bin/env bash
# Starts Debian's PgBouncer in transaction mode on a free loopback port in front of the PostgreSQL
# server of $1 (postgres://user@host:port/...), detached, and prints two lines: the port and the
# pidfile (kill "$(cat pidfile)" stops it). For CI's run of the whole suite through it.
set -euo pipefail
target="$1"
hostport="${target#*://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
host="${hostport%%:*}"; port="${hostport#*:}"; [ "$port" = "$hostport" ] && port=5432
listen="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
dir="$(mktemp -d)"
printf '"postgres" ""\n' >"$dir/users.txt"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$host port=$port
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 10
max_db_connections = 10
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
admin_users = postgres
# The suite's databases get roles of their own (an owner and the service's role, contract section 21), made as it
# runs: the pooler looks each one up on the server instead of a fixed list.
auth_user = postgres
auth_query = SELECT usename, passwd FROM pg_shadow WHERE usename = \$1
INI
if [ "$(id -u)" = 0 ]; then chown -R postgres: "$dir"; user=(-u postgres); else user=(); fi
/usr/sbin/pgbouncer -d "${user[@]}" "$dir/pgbouncer.ini"
for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$listen") 2>/dev/null && break; sleep 0.1; done
echo "$listen"
echo "$dir/pgbouncer.pid"
