package rules

import (
	"slices"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// servers are the databases of the servers that :connect switches a
// script to. Each script starts on the run's own server (home: its
// databases are the ones seeded from a live server); a :connect that
// names a server switches to that server's databases, the same ones
// whenever a script connects to it again; one whose server is not known
// (an unset variable) to databases of which nothing is known.
type servers struct {
	home  map[string]*Database
	named map[string]map[string]*Database
	away  bool // Model.Databases is not home
}

// connect switches m to the databases of the server that the i-th
// :connect of script s names.
func (m *Model) connect(s *parser.Script, i int) {
	server := ""
	if i >= 0 && i < len(s.ConnectServers) {
		server = s.ConnectServers[i]
	}
	if m.conns == nil {
		m.conns = &servers{home: m.Databases}
	}
	c := m.conns
	if server != "" && m.facts != nil && strings.EqualFold(server, m.facts.Server) {
		m.connectHome() // the live server itself
		return
	}
	dbs := map[string]*Database{}
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
}

// connectHome switches m back to the run's own server, where the next
// script starts.
func (m *Model) connectHome() {
	if c := m.conns; c != nil && c.away {
		m.Databases, c.away = c.home, false
	}
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
	server := s.ConnectServers[n-1]
	return server != "" && strings.EqualFold(server, m.facts.Server)
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
