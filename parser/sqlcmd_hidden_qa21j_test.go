package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A script from a pull request must not print a hidden file of the
// checkout (.env, .git/config, .aws/credentials) into a finding: :r
// refuses a file when a name of its real path below the folder that
// allows it starts with ".", also through a symbolic link.
func TestSqlcmdIncludeHidden(t *testing.T) {
	dir := tree(t, map[string]string{
		".env":                 "SECRET_ENV_VALUE\n",
		".git/config":          "[remote \"origin\"]\n\turl = https://SECRET_GIT_TOKEN@example.com/r.git\n",
		".aws/credentials":     "aws_secret_access_key = SECRET_AWS\n",
		"lib/.private/x.sql":   "SELECT 'SECRET_PRIVATE'\n",
		"db/ok.sql":            "SELECT 'ok'\n",
		".migrations/V1.sql":   "SELECT 'migration'\n",
		".migrations/.env":     "SECRET_MIGRATIONS_ENV\n",
		".shared/common.sql":   "SELECT 'shared'\n",
		".shared/.cache/x.sql": "SELECT 'SECRET_SHARED_CACHE'\n",
	})
	if err := os.Symlink(filepath.Join(dir, ".env"), filepath.Join(dir, "db", "link.sql")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	main := filepath.Join(dir, "db", "main.sql")
	// The scanned folder db and the config's folder, the repository root.
	roots := []string{filepath.Join(dir, "db"), dir}
	src := "BACKUP LOG\n:r ../.env\nTO DISK = 'NUL'\n" +
		":r ../.git/config\n" +
		":r ../.aws/credentials\n" +
		":r ../lib/.private/x.sql\n" +
		":r link.sql\n" +
		":r ok.sql\n"
	for _, cache := range []*IncludeCache{nil, NewIncludeCache(0)} {
		sc := Preprocess(NewFile(main, src), &PreprocessOptions{Roots: roots, Includes: cache})
		checkScript(t, sc)
		got := strings.Join(batchTexts(sc), "")
		if strings.Contains(got, "SECRET") || !strings.Contains(got, "SELECT 'ok'") {
			t.Errorf("text %q: want ok.sql alone included", got)
		}
		msgs := diagMessages(sc)
		wants := []string{`:r "../.env" is not included`, `:r "../.git/config" is not included`, `:r "../.aws/credentials" is not included`,
			`:r "../lib/.private/x.sql" is not included`, `:r "link.sql" is not included`}
		if len(msgs) != len(wants) {
			t.Fatalf("diags %q, want %d", msgs, len(wants))
		}
		for i, want := range wants {
			if !strings.HasPrefix(msgs[i], want) || !strings.Contains(msgs[i], "hidden") {
				t.Errorf("diag %d = %q, want %s ... hidden", i, msgs[i], want)
			}
		}
		for i, name := range []string{`".env"`, `".git"`, `".aws"`, `".private"`, `".env"`} {
			if !strings.Contains(msgs[i], name) {
				t.Errorf("diag %d = %q: does not name %s", i, msgs[i], name)
			}
		}
	}

	// A hidden folder named as a root is meant: its scripts are read, but
	// a hidden name below it is refused as below any root.
	mig := filepath.Join(dir, ".migrations")
	sc := Preprocess(NewFile(filepath.Join(mig, "main.sql"), ":r V1.sql\n:r .env\n:r ../.shared/common.sql\n:r ../.shared/.cache/x.sql\n"),
		&PreprocessOptions{Roots: []string{mig, dir, filepath.Join(dir, ".shared")}})
	checkScript(t, sc)
	if got := strings.Join(batchTexts(sc), ""); got != "SELECT 'migration'\nSELECT 'shared'\n" {
		t.Errorf("hidden roots: text %q", got)
	}
	// (the message names the hidden name below the innermost root:
	// .cache, not the .shared listed)
	if msgs := diagMessages(sc); len(msgs) != 2 || !strings.HasPrefix(msgs[0], `:r ".env" is not included`) ||
		!strings.HasPrefix(msgs[1], `:r "../.shared/.cache/x.sql" is not included`) || !strings.Contains(msgs[1], `".cache"`) {
		t.Errorf("hidden roots: diags %q", msgs)
	}
	// Without the hidden root, its scripts are hidden below the others.
	sc = Preprocess(NewFile(main, ":r ../.shared/common.sql\n"), &PreprocessOptions{Roots: roots})
	if msgs := diagMessages(sc); len(msgs) != 1 || !strings.Contains(msgs[0], `".shared"`) {
		t.Errorf("no .shared root: diags %q", msgs)
	}

	// include-outside: true lifts every folder check, this one too.
	sc = Preprocess(NewFile(main, ":r ../lib/.private/x.sql\n"), &PreprocessOptions{Roots: roots, IncludeOutside: true})
	if got := strings.Join(batchTexts(sc), ""); got != "SELECT 'SECRET_PRIVATE'\n" || len(sc.Diags) != 0 {
		t.Errorf("include-outside: %q %q", got, diagMessages(sc))
	}

	// A link met while walking a folder obeys the same rule.
	opt := &PreprocessOptions{Roots: roots}
	if err := opt.MayRead(filepath.Join(dir, "db", "link.sql")); err == nil || !strings.Contains(err.Error(), "hidden") {
		t.Errorf("MayRead(db/link.sql → .env) = %v, want refused as hidden", err)
	}
	if err := opt.MayRead(filepath.Join(dir, "db", "ok.sql")); err != nil {
		t.Errorf("MayRead(db/ok.sql) = %v", err)
	}
}
