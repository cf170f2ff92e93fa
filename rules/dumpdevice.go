package rules

import (
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// A backup device that sp_addumpdevice adds on the null device
// (sp_addumpdevice 'disk', 'NulDev', 'NUL') lives on the server until
// sp_dropdevice drops it: BACKUP DATABASE d TO NulDev, in any batch or
// script after it, backs up to NUL (SL304). The model follows such
// devices through the run, each server a :connect names having its own,
// and marks the backups' devices that are one of them (Target.OnNul).
// A call inside a procedure, function or trigger does not run with the
// script: it adds nothing.

// dumpDevice applies n, a call of sp_addumpdevice or sp_dropdevice, to
// the devices on NUL.
func (m *Model) dumpDevice(e *Effect, n *parser.DumpDevice) {
	if e.Stmt.InModule {
		return
	}
	key := m.nulDeviceKey(n.Name)
	if n.Drop {
		delete(m.nulDevices, key)
		return
	}
	if m.nulDevices == nil {
		m.nulDevices = map[string]bool{}
	}
	m.nulDevices[key] = true
}

// nulDeviceKey is the key of the logical device name in nulDevices: its
// name in lower case (SQL Server compares it so in a case-insensitive
// collation), after the tag of the server away from home.
func (m *Model) nulDeviceKey(name string) string {
	tag := ""
	if !m.home() {
		tag = m.conns.tag
	}
	return tag + strings.ToLower(strings.TrimSpace(name))
}

// markNulDevices sets OnNul on the logical devices of b that are on the
// null device, and clears it on the others.
func (m *Model) markNulDevices(b *parser.Backup) {
	for i := range b.Targets {
		if t := &b.Targets[i]; t.Type == "DEVICE" {
			t.OnNul = len(m.nulDevices) > 0 && t.Known && m.nulDevices[m.nulDeviceKey(t.Value)]
		}
	}
}
