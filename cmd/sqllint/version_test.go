package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestDescribeVersion(t *testing.T) {
	settings := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	rev := "84f5543d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b"
	tests := []struct {
		name    string
		ldflags string
		bi      *debug.BuildInfo
		want    string
	}{
		{"go install module@version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.2.0"}}, "v0.2.0"},
		{"go install module@commit", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201041200-84f5543d1e2f"}}, "v0.0.0-20261201041200-84f5543d1e2f"},
		{"go build in a clean checkout", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings(rev, "false")}, "(devel) 84f5543d1e2f"},
		{"go build in a modified checkout", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings(rev, "true")}, "(devel) 84f5543d1e2f+dirty"},
		{"Go 1.24+ stamps a checkout's version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.2.1-0.20261201041200-84f5543d1e2f+dirty"}, Settings: settings(rev, "true")}, "v0.2.1-0.20261201041200-84f5543d1e2f+dirty"},
		{"no VCS information", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "(devel)"},
		{"-ldflags -X main.version", "v1.2.3", &debug.BuildInfo{Main: debug.Module{Version: "v0.2.0"}}, "v1.2.3"},
		{"no build info", "", nil, "(devel)"},
	}
	for _, tt := range tests {
		if got := describeVersion(tt.ldflags, tt.bi); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestVersionCommand(t *testing.T) {
	code, out, _ := runCmd(t, "", nil, "version")
	// a test binary has no module version: it prints (devel), never "dev"
	if code != 0 || !strings.HasPrefix(out, "sqllint (devel)") {
		t.Errorf("exit %d: %q", code, out)
	}
}
