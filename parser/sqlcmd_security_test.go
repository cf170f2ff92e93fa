package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func TestSqlcmdPredefinedVariables(t *testing.T) {
	src := "PRINT N'Deploying to $(SQLCMDSERVER) from $(SQLCMDWORKSTATION), db $(SQLCMDDBNAME)';\n"
	sc := Preprocess(NewFile("p.sql", src), nil)
	checkScript(t, sc)
	if len(sc.Diags) != 0 {
		t.Errorf("diags %q, want none: sqlcmd defines these", diagMessages(sc))
	}
	// Values that depend on how sqlcmd is started are never made up.
	if got := strings.Join(batchTexts(sc), ""); got != src {
		t.Errorf("text %q, want it unchanged", got)
	}

	// Every predefined name, in any case, is defined; a made-up one is not.
	var b strings.Builder
	for name := range ppPredefined {
		fmt.Fprintf(&b, "SELECT '$(%s)', '$(%s)';\n", name, strings.ToLower(name))
	}
	b.WriteString("SELECT '$(Foo)', '$(SQLCMDSERVERS)';\n")
	sc = Preprocess(NewFile("all.sql", b.String()), nil)
	got := diagMessages(sc)
	if len(got) != 2 || !strings.Contains(got[0], "$(Foo) is not defined") || !strings.Contains(got[1], "$(SQLCMDSERVERS) is not defined") {
		t.Errorf("diags %q, want only $(Foo) and $(SQLCMDSERVERS)", got)
	}
	for _, name := range []string{"SQLCMDSERVER", "SQLCMDDBNAME", "SQLCMDUSER", "SQLCMDWORKSTATION", "SQLCMDLOGINTIMEOUT",
		"SQLCMDSTATTIMEOUT", "SQLCMDHEADERS", "SQLCMDCOLSEP", "SQLCMDCOLWIDTH", "SQLCMDPACKETSIZE", "SQLCMDERRORLEVEL",
		"SQLCMDMAXVARTYPEWIDTH", "SQLCMDMAXFIXEDTYPEWIDTH", "SQLCMDEDITOR", "SQLCMDINI", "SQLCMDPASSWORD"} {
		if !IsPredefinedVariable(name) {
			t.Errorf("%s is not predefined", name)
		}
	}
}

func TestSqlcmdDBNameIsTheStartingDatabase(t *testing.T) {
	src := "USE [$(SQLCMDDBNAME)];\nALTER DATABASE $(SQLCMDDBNAME) SET TARGET_RECOVERY_TIME = 0 SECONDS;\n"
	// Not given: the names stay unresolved, never a made-up value.
	r := ParseFile(NewFile("d.sql", src), nil)
	if len(r.Diags) != 0 || len(r.Statements) != 2 {
		t.Fatalf("diags %v, %d statements", r.Diags, len(r.Statements))
	}
	for _, st := range r.Statements {
		if n := st.Database(); n == nil || !n.Unresolved || !strings.Contains(n.Raw, "$(SQLCMDDBNAME)") {
			t.Errorf("%s: database %+v, want unresolved $(SQLCMDDBNAME)", st.Kind, n)
		}
	}
	// -d Sales: SQLCMDDBNAME is Sales.
	r = ParseFile(NewFile("d.sql", src), &PreprocessOptions{Database: "Sales"})
	for _, st := range r.Statements {
		if n := st.Database(); n == nil || n.Unresolved || n.Value != "Sales" {
			t.Errorf("%s: database %+v, want Sales", st.Kind, n)
		}
	}
	// -v wins over -d; :setvar cannot change it: SQLCMDDBNAME is read-only
	// in sqlcmd (set once, at start), whose :setvar fails there.
	sc := Preprocess(NewFile("d.sql", "SELECT '$(SQLCMDDBNAME)'\n:setvar SQLCMDDBNAME Set\nSELECT '$(SQLCMDDBNAME)'\n"),
		&PreprocessOptions{Database: "Sales", Vars: map[string]string{"sqlcmddbname": "FromV"}})
	if got := strings.Join(batchTexts(sc), ""); got != "SELECT 'FromV'\nSELECT 'FromV'\n" {
		t.Errorf("text %q", got)
	}
	if got := diagMessages(sc); len(got) != 1 || !strings.Contains(got[0], "$(SQLCMDDBNAME) is read-only") {
		t.Errorf("diags %q", got)
	}
	// A command needs the value: SL002 that says why.
	sc = Preprocess(NewFile("c.sql", ":r $(SQLCMDINI)\nGO $(SQLCMDERRORLEVEL)\n"), nil)
	if got := diagMessages(sc); len(got) != 2 || !strings.Contains(got[0], "sqlcmd sets $(SQLCMDINI) when the script runs") {
		t.Errorf("diags %q", got)
	}
}

// fakeEnv is an environment whose lookups are counted.
type fakeEnv map[string]string

func (e fakeEnv) lookup(name string) (string, bool) { v, ok := e[name]; return v, ok }

func TestSqlcmdEnvironmentPolicy(t *testing.T) {
	env := fakeEnv{
		"SQLCMDPASSWORD": "pw-Hunter2", "MY_SECRET_TOKEN": "tok-0xDEADBEEF", "DB_PASSWORD": "pw-db-1",
		"API_KEY": "key-123", "DEPLOY_PWD": "pw-deploy", "TargetDb": "EnvSales", "SQLCMDSERVER": "env-server-9",
	}
	secrets := []string{"pw-Hunter2", "tok-0xDEADBEEF", "pw-db-1", "key-123", "pw-deploy"}
	src := "ALTER DATABASE [$(SQLCMDPASSWORD)] SET TARGET_RECOVERY_TIME = 0 SECONDS;\n" +
		"SELECT '$(MY_SECRET_TOKEN)', N'$(DB_PASSWORD)', [$(API_KEY)], \"$(deploy_pwd)\", '$(TargetDb)', '$(SQLCMDSERVER)';\n" +
		":r $(MY_SECRET_TOKEN).sql\n"
	leaks := func(t *testing.T, sc *Script) {
		t.Helper()
		all := strings.Join(batchTexts(sc), "") + strings.Join(diagMessages(sc), "\n")
		for _, s := range secrets {
			if strings.Contains(all, s) {
				t.Errorf("the value %q reached the output:\n%s", s, all)
			}
		}
	}
	count := func(msgs []string, part string) int {
		n := 0
		for _, m := range msgs {
			if strings.Contains(m, part) {
				n++
			}
		}
		return n
	}

	// Nothing allowed: every environment variable counts as undefined,
	// with a message saying why, except the predefined ones.
	sc := Preprocess(NewFile("e.sql", src), &PreprocessOptions{Env: env.lookup})
	leaks(t, sc)
	msgs := diagMessages(sc)
	// $(MY_SECRET_TOKEN) is used twice (the :r of line 3): reported once,
	// at its first use, whose message names the other
	if n := count(msgs, "its name looks secret"); n != 4 {
		t.Errorf("%d secret-name diags, want 4: %q", n, msgs)
	}
	if n := count(msgs, "also used once more in this file, at line 3 "); n != 1 {
		t.Errorf("MY_SECRET_TOKEN's second use: %q", msgs)
	}
	if n := count(msgs, "expands environment variables only when allowed (list TargetDb under env:"); n != 1 {
		t.Errorf("TargetDb: %q", msgs)
	}
	if len(msgs) != 5 {
		t.Errorf("diags %q", msgs)
	}
	if text := strings.Join(batchTexts(sc), ""); !strings.Contains(text, "'$(TargetDb)', '$(SQLCMDSERVER)'") ||
		!strings.Contains(text, "[$(SQLCMDPASSWORD)]") {
		t.Errorf("text %q", text)
	}

	// Allowed by name, or all of them: the secrets stay out all the same.
	for _, allowed := range []func(string) bool{
		EnvAllowList("targetdb", "SQLCMDSERVER", "MY_SECRET_TOKEN", "SQLCMDPASSWORD", "API_KEY"),
		EnvAllowList("*"),
		func(string) bool { return true },
	} {
		sc := Preprocess(NewFile("e.sql", src), &PreprocessOptions{Env: env.lookup, EnvAllowed: allowed})
		leaks(t, sc)
		text := strings.Join(batchTexts(sc), "")
		if !strings.Contains(text, "'EnvSales', 'env-server-9'") || !strings.Contains(text, "[$(SQLCMDPASSWORD)]") {
			t.Errorf("text %q", text)
		}
		if msgs := diagMessages(sc); count(msgs, "its name looks secret") != 4 || len(msgs) != 4 {
			t.Errorf("diags %q", msgs)
		}
	}

	// -v values are the user's choice and are expanded, except
	// SQLCMDPASSWORD's, which never is.
	sc = Preprocess(NewFile("v.sql", "SELECT '$(API_KEY)', '$(SQLCMDPASSWORD)';\n:setvar SQLCMDPASSWORD pw-Hunter2\nSELECT '$(SQLCMDPASSWORD)';\n"),
		&PreprocessOptions{Vars: map[string]string{"API_KEY": "given", "SQLCMDPassword": "pw-Hunter2"}, Env: env.lookup, EnvAllowed: EnvAllowList("*")})
	leaks(t, sc)
	if got := strings.Join(batchTexts(sc), ""); got != "SELECT 'given', '$(SQLCMDPASSWORD)';\nSELECT '$(SQLCMDPASSWORD)';\n" || len(sc.Diags) != 0 {
		t.Errorf("text %q, diags %q", got, diagMessages(sc))
	}
}

func TestIsSecretName(t *testing.T) {
	for name, want := range map[string]bool{
		"SQLCMDPASSWORD": true, "MY_SECRET_TOKEN": true, "api_key": true, "DbPwd": true, "AZURE_CREDENTIALS": true,
		"ssh-private-file": true, "DB_PASS": true, "ConnStr": true, "SQLCONNSTR_Main": true, "Connection_String": true,
		"KeyVaultName": true,
		// credentials that live in URLs, DSNs and webhooks, and auth material
		"DATABASE_URL": true, "SENTRY_DSN": true, "SLACK_WEBHOOK": true, "BASIC_AUTH": true, "OAUTH_CLIENT": true,
		"SESSION_COOKIE": true, "CLIENT_CERT": true, "SIGNING_SALT": true,
		"TargetDb": false, "SQLCMDSERVER": false, "DatabaseName": false, "DataPath": false, "HOME": false,
	} {
		if got := IsSecretName(name); got != want {
			t.Errorf("IsSecretName(%q) = %v, want %v", name, got, want)
		}
	}
	if EnvAllowList() != nil || EnvAllowList("A")("B") || !EnvAllowList("a")("A") || EnvAllowList("*")("GITHUB_TOKEN") {
		t.Error("EnvAllowList")
	}
}

// tree writes files under a new temporary folder and returns it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestSqlcmdIncludeRoots(t *testing.T) {
	dir := tree(t, map[string]string{
		"outside/x.sql":      "SELECT 'outside'\n",
		"proj/lib/ok.sql":    "SELECT 'ok'\n",
		"proj/scripts/a.sql": "",
	})
	proj := filepath.Join(dir, "proj")
	// a link inside the tree to a file outside it, and a linked root
	if err := os.Symlink(filepath.Join(dir, "outside", "x.sql"), filepath.Join(proj, "lib", "link.sql")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Symlink(proj, filepath.Join(dir, "projlink")); err != nil {
		t.Fatal(err)
	}
	src := ":r ../lib/ok.sql\n:r ../../outside/x.sql\n:r ../lib/link.sql\n:r /etc/passwd\n"
	main := filepath.Join(proj, "scripts", "main.sql")
	for _, roots := range [][]string{{proj}, {filepath.Join(dir, "projlink")}} {
		sc := Preprocess(NewFile(main, src), &PreprocessOptions{Roots: roots})
		checkScript(t, sc)
		if got := strings.Join(batchTexts(sc), ""); got != "SELECT 'ok'\n" {
			t.Errorf("roots %v: text %q", roots, got)
		}
		msgs := diagMessages(sc)
		if len(msgs) != 3 {
			t.Fatalf("diags %q", msgs)
		}
		for i, want := range []string{`:r "../../outside/x.sql" is not included`, `:r "../lib/link.sql" is not included`, `:r "/etc/passwd" is not included`} {
			if !strings.HasPrefix(msgs[i], want) || !strings.Contains(msgs[i], "include-roots") {
				t.Errorf("diag %d = %q, want %s", i, msgs[i], want)
			}
		}
		if sc.Diags[0].Span.Start.Position().Line != 2 {
			t.Errorf("diag at %v", sc.Diags[0].Span.Start.Position())
		}
	}
	// By default the root file's folder is the only root.
	sc := Preprocess(NewFile(main, src), nil)
	if got := diagMessages(sc); len(got) != 4 {
		t.Errorf("default roots: %q", got)
	}
	// include-outside: everything is read (but /etc/passwd only if it exists).
	sc = Preprocess(NewFile(main, ":r ../lib/ok.sql\n:r ../../outside/x.sql\n:r ../lib/link.sql\n"), &PreprocessOptions{Roots: []string{proj}, IncludeOutside: true})
	if got := strings.Join(batchTexts(sc), ""); got != "SELECT 'ok'\nSELECT 'outside'\nSELECT 'outside'\n" || len(sc.Diags) != 0 {
		t.Errorf("include-outside: %q %q", got, diagMessages(sc))
	}
}

func TestSqlcmdIncludeDeviceAndSize(t *testing.T) {
	dir := tree(t, map[string]string{"big.sql": strings.Repeat("-- x\n", 100)})
	main := filepath.Join(dir, "main.sql")
	// /dev/zero would grow memory without end: refused before it is opened.
	if _, err := os.Stat("/dev/zero"); err == nil {
		sc := Preprocess(NewFile(main, ":r /dev/zero\nSELECT 1\n"), &PreprocessOptions{IncludeOutside: true})
		if got := diagMessages(sc); len(got) != 1 || !strings.Contains(got[0], `:r cannot include "/dev/zero": /dev/zero: not a regular file (a character device)`) {
			t.Errorf("/dev/zero: %q", got)
		}
		// and outside the roots anyway
		sc = Preprocess(NewFile(main, ":r /dev/zero\n"), nil)
		if got := diagMessages(sc); len(got) != 1 || !strings.Contains(got[0], "is not included") {
			t.Errorf("/dev/zero: %q", got)
		}
	}
	// A file over max-file-size.
	sc := Preprocess(NewFile(main, ":r big.sql\n"), &PreprocessOptions{MaxFileSize: 499})
	if got := diagMessages(sc); len(got) != 1 || !strings.Contains(got[0], "big.sql: file is larger than the 499 bytes limit (raise max-file-size") {
		t.Errorf("size: %q", got)
	}
	sc = Preprocess(NewFile(main, ":r big.sql\n"), &PreprocessOptions{MaxFileSize: 500})
	if len(sc.Diags) != 0 || sc.Expanded != 500 {
		t.Errorf("at the limit: %q, expanded %d", diagMessages(sc), sc.Expanded)
	}
}

// 200 lines of ":r big.sql" expand to at most the per-root limit: the
// include that would pass it is reported, and nothing after it expanded.
func TestSqlcmdIncludeAmplification(t *testing.T) {
	const size = 1 << 20
	big := strings.Repeat("SELECT 1;\n", size/10) + strings.Repeat("-", size%10)
	ld := &mapLoader{files: map[string]string{"big.sql": big}}
	src := strings.Repeat(":r big.sql\n", 200)
	sc := Preprocess(NewFile("main.sql", src), &PreprocessOptions{Load: ld.load, MaxExpanded: 10 * size})
	if sc.Expanded != 10*size {
		t.Errorf("expanded %d bytes, want %d", sc.Expanded, 10*size)
	}
	total := 0
	for _, b := range sc.Batches {
		total += len(b.Text)
	}
	if total > 10*size+len(src) {
		t.Errorf("batches hold %d bytes", total)
	}
	msgs := diagMessages(sc)
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], ":r big.sql is not expanded") || !strings.Contains(msgs[0], "10 MB per root file (max-expanded-size") {
		t.Errorf("diags %q", msgs)
	}
	if sc.Diags[0].Span.Start.Position().Line != 11 {
		t.Errorf("reported at %v, want line 11", sc.Diags[0].Span.Start.Position())
	}
	if len(ld.calls) != 1 {
		t.Errorf("big.sql read %d times", len(ld.calls))
	}

	// The default limit is 64 MB per root file.
	p := &ppPreprocessor{script: &Script{File: NewFile("m.sql", "")}, maxExpanded: DefaultMaxExpanded}
	if p.charge(p.script.File, 0, 0, 64<<20, "", "a", "") != true || p.charge(p.script.File, 0, 0, 1, "", "b", "") != false {
		t.Error("the default per-root limit is not 64 MB")
	}

	// Variables count too.
	vsrc := ":setvar V \"" + strings.Repeat("v", 1000) + "\"\n" + strings.Repeat("SELECT '$(V)';\n", 100)
	sc = Preprocess(NewFile("v.sql", vsrc), &PreprocessOptions{MaxExpanded: 10000})
	if sc.Expanded != 10000 || len(sc.Diags) != 1 || !strings.HasPrefix(sc.Diags[0].Message, "$(V) is not expanded") {
		t.Errorf("expanded %d, diags %q", sc.Expanded, diagMessages(sc))
	}
}

// One IncludeCache per run: each include is read once for all root files,
// and the run's total is bounded.
func TestSqlcmdIncludeCacheRun(t *testing.T) {
	const size = 1 << 20
	ld := &mapLoader{files: map[string]string{"big.sql": strings.Repeat("x", size)}}
	cache := NewIncludeCache(5 * size)
	src := ":r big.sql\n:r big.sql\n:r big.sql\n"
	a := Preprocess(NewFile("a.sql", src), &PreprocessOptions{Load: ld.load, Includes: cache})
	b := Preprocess(NewFile("b.sql", src), &PreprocessOptions{Load: ld.load, Includes: cache})
	if len(a.Diags) != 0 || a.Expanded != 3*size {
		t.Errorf("a: %q, expanded %d", diagMessages(a), a.Expanded)
	}
	if msgs := diagMessages(b); b.Expanded != 2*size || len(msgs) != 1 || !strings.Contains(msgs[0], "in this run would pass the limit of 5 MB (max-total-expanded-size") {
		t.Errorf("b: %q, expanded %d", msgs, b.Expanded)
	}
	if cache.Expanded() != 5*size {
		t.Errorf("run expanded %d", cache.Expanded())
	}
	if len(ld.calls) != 1 {
		t.Errorf("big.sql read %d times in the run", len(ld.calls))
	}
	if a.Files[1] != b.Files[1] {
		t.Error("the included file is not shared")
	}
	if NewIncludeCache(0).maxTotal != 256<<20 {
		t.Error("the default per-run limit is not 256 MB")
	}
}

func TestIncludeCacheConcurrent(t *testing.T) {
	cache := NewIncludeCache(0)
	var loads atomic.Int32
	var wg sync.WaitGroup
	files := make([]*File, 32)
	for i := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := cache.get("k", func() (*File, error) {
				loads.Add(1)
				return NewFile("k.sql", "SELECT 1"), nil
			})
			if err != nil {
				t.Error(err)
			}
			files[i] = f
		}()
	}
	wg.Wait()
	if loads.Load() != 1 {
		t.Errorf("loaded %d times", loads.Load())
	}
	for _, f := range files {
		if f != files[0] {
			t.Fatal("callers got different files")
		}
	}
	// A load that panics does not leave the others waiting.
	func() {
		defer func() { _ = recover() }()
		_, _ = cache.get("p", func() (*File, error) { panic("boom") })
	}()
	if _, err := cache.get("p", func() (*File, error) { return nil, nil }); err == nil {
		t.Error("no error after a panicking load")
	}
}
