package rules

import (
	"reflect"
	"testing"
)

// TestGrowthRoundedTo64KB: SQL Server rounds a fixed FILEGROWTH to the
// nearest 64 KB, at least 64 KB (CREATE DATABASE, growth_increment). A
// log growth of 65,567 KB is 64 MB there, which SQL Server 2022 grows
// instantly: it was flagged "grows by 64 MB" with target-version 2022,
// against the catalog's "64 MB or less never". 65,600 KB is over it.
func TestGrowthRoundedTo64KB(t *testing.T) {
	src := "ALTER DATABASE G ADD LOG FILE (NAME = l1, FILENAME = 'c:\\l1.ldf', FILEGROWTH = 65567KB);\n" +
		"ALTER DATABASE G ADD LOG FILE (NAME = l2, FILENAME = 'c:\\l2.ldf', FILEGROWTH = 65600KB);\n" +
		"ALTER DATABASE G ADD LOG FILE (NAME = l3, FILENAME = 'c:\\l3.ldf', FILEGROWTH = 64MB);\n"
	cfg := &Config{TargetVersion: 16, Options: map[string]map[string]float64{"SL203": {"autogrowth-budget": 0.1}}}
	var lines []int
	for _, f := range auditRun(t, src, cfg) {
		if f.Rule.ID == "SL203" {
			lines = append(lines, f.Span.Start.Position().Line)
		}
	}
	if !reflect.DeepEqual(lines, []int{2}) {
		t.Errorf("SL203 on lines %v, want [2]: 65,567 KB rounds to 64 MB", lines)
	}
	if got := growthRounded(1000 << 10); got != 1024<<10 {
		t.Errorf("1000 KB grows by %d bytes, want 1024 KB", got)
	}
	if got := growthRounded(1 << 10); got != 64<<10 {
		t.Errorf("1 KB grows by %d bytes, want the 64 KB minimum", got)
	}
}
