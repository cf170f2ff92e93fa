package live

import "testing"

// A short password occurs inside the mask itself ("x" in "xxxxx"): each
// of its forms (raw, escaped) was replaced in turn over the text the
// previous pass made, and -S '\x' with SQLCMDPASSWORD=x printed a server
// of 625 x's. Every occurrence is now replaced once.
func TestScrubShortPassword(t *testing.T) {
	got := scrub(`server "\x": no host`, Config{Password: "x"}.secrets())
	if want := `server "\xxxxx": no host`; got != want {
		t.Errorf("scrub = %q, want %q", got, want)
	}
	got = scrub("login a;b failed for a;b", Config{Password: "a;b"}.secrets())
	if want := "login xxxxx failed for xxxxx"; got != want {
		t.Errorf("scrub = %q, want %q", got, want)
	}
}
