package main

import (
	"io"
	"testing"
	"time"
)

// SQLCMDLOGINTIMEOUT and SQLCMDSTATTIMEOUT set live mode's timeouts, as
// sqlcmd's; --connect-timeout and --query-timeout, when given, win over
// them, as -l and -t do. The flags' defaults used to win always.
func TestLiveTimeoutsFromEnvironment(t *testing.T) {
	cases := []struct {
		env            map[string]string
		args           []string
		connect, query time.Duration
	}{
		{nil, nil, 15 * time.Second, 30 * time.Second},
		{map[string]string{"SQLCMDLOGINTIMEOUT": "3", "SQLCMDSTATTIMEOUT": "90"}, nil, 3 * time.Second, 90 * time.Second},
		{map[string]string{"SQLCMDLOGINTIMEOUT": "3", "SQLCMDSTATTIMEOUT": "90"}, []string{"--connect-timeout", "7", "--query-timeout", "1m"}, 7 * time.Second, time.Minute},
		{map[string]string{"SQLCMDSTATTIMEOUT": "0"}, nil, 15 * time.Second, 30 * time.Second}, // 0: never forever
	}
	for _, c := range cases {
		getenv := func(k string) string { return c.env[k] }
		e := &env{stdout: io.Discard, stderr: io.Discard, getenv: getenv}
		var f scanFlags
		fs := e.scanFlagSet(&f)
		if _, code, ok := e.parseFlags(fs, "scan", append(c.args, "x.sql")); !ok {
			t.Fatalf("%v: parse: %d", c.args, code)
		}
		markGivenTimeouts(fs, &f)
		lc, err := e.liveConfig("sqlserver://u@h", &f)
		if err != nil {
			t.Fatal(err)
		}
		if lc.ConnectTimeout != c.connect || lc.QueryTimeout != c.query {
			t.Errorf("env %v, flags %v: timeouts %v, %v; want %v, %v", c.env, c.args, lc.ConnectTimeout, lc.QueryTimeout, c.connect, c.query)
		}
	}
}
