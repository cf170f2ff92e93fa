package main

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sqllint/sqllint/config"
)

// checkExclude reports an --exclude glob that could match nothing: empty,
// absolute (globs are relative to the config file's folder, dir, or to
// the current folder without one) or malformed (an unbalanced "["). The
// error names the flag and the glob.
func checkExclude(g, dir string) error {
	rel := globBase(dir)
	switch {
	case strings.TrimSpace(g) == "":
		return fmt.Errorf("--exclude %q: the glob is empty", g)
	case strings.HasPrefix(g, "/") || filepath.IsAbs(g):
		return fmt.Errorf("--exclude %q: give a glob relative to %s, not an absolute path", g, rel)
	}
	if err := config.CheckGlob(g); err != nil {
		hint := ""
		if strings.Contains(g, "[") {
			hint = ` (a "[" opens a character class that "]" closes; write \\[ for a literal one)`
		}
		return fmt.Errorf("--exclude %q: bad glob: %w%s", g, err, hint)
	}
	return nil
}

// globBase says what an --exclude glob is relative to: the config file's
// folder dir, or the current folder without one.
func globBase(dir string) string {
	if dir != "" {
		return "the config file's folder, " + dir
	}
	return "the current folder"
}

// secondsFlag is a time.Duration flag that also takes a number without a
// unit as seconds (--connect-timeout 15, as sqlcmd -l 15), where the flag
// package's duration wants a unit.
type secondsFlag time.Duration

func (d *secondsFlag) String() string { return time.Duration(*d).String() }

func (d *secondsFlag) Set(v string) error {
	s := strings.TrimSpace(v)
	if n, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(n, 0) && !math.IsNaN(n) {
		if math.Abs(n) > math.MaxInt64/float64(time.Second) {
			return errors.New("too long a timeout")
		}
		*d = secondsFlag(time.Duration(n * float64(time.Second)))
		return nil
	}
	t, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("give a duration such as 15s, 2m or 1m30s, or a number of seconds")
	}
	*d = secondsFlag(t)
	return nil
}
