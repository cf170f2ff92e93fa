package rules

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// servers are the databases of the servers that :connect switches a
// script to. Each script starts on the run's own server (home: its
// databases are the ones seeded from a live server); a :connect that
// names a server switches to that server's databases, the same ones
// whenever a script connects to it again; one whose server is not known
// (an unset variable) to databases of which nothing is known; one to
// $(SQLCMDSERVER) stays on the server it is on.
type servers struct {
	home  map[string]*Database
	named map[string]map[string]*Database
	away  bool // Model.Databases is not home
	at    int  // the :connect of the script Model.Databases is of; -1 home
	// tag names the server away from home in the keys of its local
	// backup devices (localDeviceTag); n counts the servers not known
	n   int
	tag string
}

// connectedAt is the :connect, i or one before it, that gives the
// server of the i-th :connect of s: :connect $(SQLCMDSERVER)
// (parser.ConnectSameServer) is on the server of the one before it; -1
// for the run's own server.
func connectedAt(s *parser.Script, i int) int {
	for i >= 0 && i < len(s.ConnectServers) && s.ConnectServers[i] == parser.ConnectSameServer {
		i--
	}
	return i
}

// connect switches m to the databases of the server that the i-th
// :connect of script s names.
func (m *Model) connect(s *parser.Script, i int) {
	if m.conns == nil {
		m.conns = &servers{home: m.Databases, at: -1}
	}
	c := m.conns
	j := connectedAt(s, i)
	if j < 0 {
		m.connectHome()
		return
	}
	if j < i && c.at == j {
		return // connected again to the server it is on
	}
	server := ""
	if j < len(s.ConnectServers) {
		server = s.ConnectServers[j]
	}
	c.at = j
	if server != "" && m.facts != nil && strings.EqualFold(server, m.facts.Server) {
		m.connectHome() // the live server itself
		return
	}
	dbs := map[string]*Database{}
	if server != "" {
		c.tag = "@" + strings.ToLower(server) + "|"
	} else {
		c.n++
		c.tag = "@?" + strconv.Itoa(c.n) + "|"
	}
	if server != "" {
		if c.named == nil {
			c.named = map[string]map[string]*Database{}
		}
		if c.named[server] == nil {
			c.named[server] = dbs
		}
		dbs = c.named[server]
	}
	m.Databases, c.away = dbs, true
	m.forgetRecentDBs()
}

// connectHome switches m back to the run's own server, where the next
// script starts.
func (m *Model) connectHome() {
	if c := m.conns; c != nil {
		if c.away {
			m.Databases, c.away = c.home, false
			m.forgetRecentDBs()
		}
		c.at = -1
	}
}

// localDeviceTag is what the key of backup device t starts with on the
// server m is on: a file on a local disk ('X:\b.bak', 'b.bak' in the
// backup folder) or a logical device (sp_addumpdevice) is the server's
// own, so a RESTORE after a :connect to another server does not read
// the backup written before it to the same name; a share (\\fs\b.bak)
// and a URL are the same everywhere. "" at home.
func (m *Model) localDeviceTag(t parser.Target) string {
	if m.home() || strings.EqualFold(t.Type, "URL") {
		return ""
	}
	if v := strings.TrimSpace(t.Value); strings.EqualFold(t.Type, "DISK") && (strings.HasPrefix(v, `\\`) || strings.HasPrefix(v, "//")) {
		return ""
	}
	return m.conns.tag
}

// home reports whether m is on the run's own server.
func (m *Model) home() bool { return m.conns == nil || !m.conns.away }

// onLiveServer reports whether the statement of e runs on the live
// server whose facts m has: not after a :connect to a server of another
// name (nor one named by a variable without a value).
func (m *Model) onLiveServer(e *Effect) bool {
	if m.facts == nil || int(e.Script) >= len(m.Scripts) {
		return true
	}
	s := m.Scripts[e.Script].Script
	if s == nil || len(s.Connects) == 0 {
		return true
	}
	// the :connect commands before the statement's batch; the last decides
	n, _ := slices.BinarySearch(s.Connects, e.Stmt.Batch.Index+1)
	if n == 0 || n > len(s.ConnectServers) {
		return true
	}
	n = connectedAt(s, n-1) + 1
	if n == 0 {
		return true
	}
	server := s.ConnectServers[n-1]
	return server != "" && strings.EqualFold(server, m.facts.Server)
}

// serverKey names the server the statement of e runs on, for what the
// model keeps per server: "" for the run's own server (and the live one),
// the server a :connect names (case folded), and a key of its own for
// each :connect to a server not known (an unset variable), as connect
// gives it databases of its own.
func (m *Model) serverKey(e *Effect) string {
	if int(e.Script) >= len(m.Scripts) || e.Stmt.Batch == nil {
		return ""
	}
	s := m.Scripts[e.Script].Script
	if s == nil || len(s.Connects) == 0 {
		return ""
	}
	n, _ := slices.BinarySearch(s.Connects, e.Stmt.Batch.Index+1)
	if n == 0 || n > len(s.ConnectServers) {
		return ""
	}
	j := connectedAt(s, n-1)
	if j < 0 {
		return ""
	}
	server := s.ConnectServers[j]
	switch {
	case server == "":
		return "\x00" + strconv.Itoa(int(e.Script)) + ":" + strconv.Itoa(j)
	case m.facts != nil && strings.EqualFold(server, m.facts.Server):
		return ""
	}
	return "\x01" + strings.ToLower(server)
}

// factsAt is facts for the statement of e: nil when it runs on another
// server than the live one (onLiveServer), whose IFI and files are not
// known.
func (m *Model) factsAt(e *Effect, facts *ServerFacts) *ServerFacts {
	if facts == nil || !m.onLiveServer(e) {
		return nil
	}
	return facts
}
