//go:build unix

package analysis

import (
	"net"
	"strings"
	"testing"
)

// A socket called x.sql in a scanned folder is refused as a named pipe
// is: "not a regular file". Its open failed first (ENXIO) and the input
// error read "no such device or address", as if a device were missing.
func TestSocketIsNotRead(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/a.sql", checkpoint10)
	l, err := net.Listen("unix", "m/sock.sql")
	if err != nil {
		t.Skip("no unix sockets:", err)
	}
	defer l.Close()
	rs, sum := runAll(t, Options{Paths: []string{"m"}})
	if len(rs) != 2 || len(sum.Errors) != 1 || sum.Errors[0].Path != "m/sock.sql" || !strings.Contains(sum.Errors[0].Message, "not a regular file") {
		t.Errorf("results %+v errors %+v", rs, sum.Errors)
	}
}
