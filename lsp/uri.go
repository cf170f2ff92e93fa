package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
)

// fileURIPath returns the local path of a file: URI (RFC 8089), as
// editors send them: file:///home/a/x.sql, file:///c%3A/x.sql,
// file:///C:/x.sql, file://server/share/x.sql (on Windows: a UNC path).
func fileURIPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("bad document URI %q: %w", uri, err)
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("document URI %q is not a file: URI", uri)
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		if len(p) >= 3 && p[0] == '/' && p[2] == ':' {
			p = p[1:] // /C:/x -> C:/x
		}
		if u.Host != "" && u.Host != "localhost" {
			p = "//" + u.Host + p // UNC
		}
		return filepath.FromSlash(p), nil
	}
	if p == "" {
		return "", fmt.Errorf("document URI %q has no path", uri)
	}
	if u.Host != "" && u.Host != "localhost" {
		// a file of another host, which only Windows reaches by its
		// URI; its path alone is a local file that is not it
		return "", fmt.Errorf("document URI %q names a file on host %s", uri, u.Host)
	}
	return p, nil
}

// pathURI is the file: URI of an absolute path.
func pathURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x -> /C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// untitledName is the name of an untitled: document (a new query not
// yet saved: untitled:Untitled-1), with ".sql" added when it has no
// extension, and whether uri is one.
func untitledName(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "untitled" {
		return "", false
	}
	name := u.Opaque
	if name == "" {
		name = u.Path
	}
	name = filepath.Base(filepath.FromSlash(name))
	if name == "" || name == "." || name == string(filepath.Separator) {
		name = "untitled"
	}
	if filepath.Ext(name) == "" {
		name += ".sql"
	}
	return name, true
}
