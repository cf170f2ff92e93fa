package baseline

import (
	"strings"
	"testing"
)

// TestFingerprintLineEndsInLiterals: git checks a script out with CRLF
// line ends on one machine (core.autocrlf=true, eol=crlf) and LF on
// another, so a string literal spanning lines (dynamic SQL, a
// description) holds "\r\n" in one checkout and "\n" in the other. The
// statement is the same commit's; its baseline entry must match in both
// checkouts, while a literal whose text really differs still differs.
func TestFingerprintLineEndsInLiterals(t *testing.T) {
	lf := "ALTER DATABASE Sales MODIFY FILE (NAME = N'Sales\n_log', SIZE = 100GB);\n" +
		"BACKUP DATABASE Sales TO DISK = 'x.bak' WITH DESCRIPTION = 'nightly\nfull', NAME = [a\nb], MEDIANAME = \"m\nn\""
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	if got, want := Fingerprint(crlf), Fingerprint(lf); got != want {
		t.Errorf("CRLF checkout: fingerprint %s (%q), want the LF checkout's %s (%q)", got, Normalize(crlf), want, Normalize(lf))
	}
	for _, other := range []string{
		strings.ReplaceAll(lf, "'nightly\nfull'", "'nightly full'"),
		strings.ReplaceAll(lf, "'nightly\nfull'", "'nightly\n\nfull'"),
		strings.ReplaceAll(lf, "'nightly\nfull'", "'nightly\rfull'"),
	} {
		if Fingerprint(other) == Fingerprint(lf) {
			t.Errorf("%q has the fingerprint of %q", other, lf)
		}
	}
}
