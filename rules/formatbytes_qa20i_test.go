package rules

import "testing"

// A size just under a unit boundary rounds to the next unit: 1,023.96 MB
// printed at one decimal is "1 GB", never "1024 MB".
func TestFormatBytesUnitBoundary(t *testing.T) {
	cases := []struct {
		b    int64
		want string
	}{
		{1048535 << 10, "1 GB"},    // 1,023.96 MB
		{1073709056 << 10, "1 TB"}, // 1,023.98 GB
		{1023 << 20, "1023 MB"},
		{1024<<20 - 1<<20/5, "1023.8 MB"},
		{1023, "1023 bytes"},
		{1<<10 - 1, "1023 bytes"},
		{1<<20 - 1, "1 MB"}, // 1,023.999 KB
		{1 << 50, "1 PB"},
		{1<<60 - 1, "1024 PB"}, // no unit above PB
	}
	for _, c := range cases {
		if got := formatBytes(c.b); got != c.want {
			t.Errorf("formatBytes(%d) = %q, want %q", c.b, got, c.want)
		}
	}
}
