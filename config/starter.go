package config

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/rules"
)

// Starter returns the commented configuration `sqllint init` writes. Every
// key appears with its default; the severities and options of every rule,
// generated from rules.Default, are listed as comments to uncomment. Parsed,
// it gives Default().
func Starter() string {
	return starter(rules.Default)
}

const starterHead = `# sqllint configuration: https://github.com/sqllint/sqllint
#
# sqllint reads .sqllint.yaml (or .sqllint.yml) from the folder of the first
# path it checks or the nearest folder above it, else from your home folder.
# Every key is optional. The values below are the defaults; uncomment a line
# to change it.

# Rules that run: "all", plus rule IDs, names or ID prefixes (SL3: every
# SL3xx rule). A leading "-" turns a rule off: [all, -SL302] or
# [all, -checkpoint-duration]. A list that names rules but not "all" runs
# only the rules it names.
rules: [all]

# Severity per rule, by ID or name ("all" sets every rule; a rule's own line
# wins): error, warning, info, or off to turn the rule off. The defaults:
severity:
`

const starterTail = `
# SQL Server version the scripts deploy to: a release year (2005, 2008,
# 2008R2, 2012, 2014, 2016, 2017, 2019, 2022 or 2025) or a major version
# (9, 10, 10.5, or 11 to 17, with or without ".0": 16.0 is 2022). Not set
# by default: rules then assume no version's improvements (SL203 does not
# count on SQL Server 2022 growing logs by up to 64 MB instantly).
# target-version: 2022

# Globs of the files a folder scan checks, relative to this file's folder:
# * matches within a path segment, ** any number of segments, ? one
# character, [...] a class; case is ignored. A folder scan never reads a
# hidden name (one that starts with ".": .git, .scratch.sql). Files named on
# the command line are checked whatever their name.
include: ["**/*.sql"]

# Globs of files or folders to skip, such as ["legacy/**", "**/*.generated.sql"].
exclude: []

# sqlcmd variables, like sqlcmd -v NAME=value:
variables:
#   DatabaseName: Sales

# Environment variables that $(NAME) may expand. None by default: a value
# comes from :setvar, variables: above or -v, and a variable set only in the
# environment is reported as undefined (SL002), so that no environment value
# reaches findings, reports or a live server unless listed here (or passed
# with --env NAME). "*" allows every name. Names that look secret (PASSWORD,
# PWD, SECRET, TOKEN, KEY, CREDENTIAL, ...) and SQLCMDPASSWORD are never
# expanded from the environment.
# env: [DeployEnvironment]

# Folders, relative to this file, that :r may include from besides the
# scanned folders and this file's folder; include-outside: true allows any.
# include-roots: ["../shared-sql"]
# include-outside: false

# Size limits (KB, MB and GB are powers of 1024): a file read by :r, the
# text includes and variables add to one scanned file, and to a whole run.
# max-file-size: 64MB
# max-expanded-size: 64MB
# max-total-expanded-size: 256MB

# The database the scripts start in, like sqlcmd -d. Not set by default: the
# login's default database.
# database: master

# Server for live checks, used only with --live (--server and SQLLINT_SERVER
# override it), in URL or ADO form. Never write a password here: sqllint
# reads it from SQLCMDPASSWORD. Without --live it is never contacted: a pull
# request could change this file and point the login at another host.
# server: "sqlserver://user@host:1433?database=master"

# Lowest finding severity that makes sqllint exit with status 1: error,
# warning, info or never. Default: warning.
# fail-on: warning

# Scripts read as context when files (not folders) are named, as a
# pre-commit hook does: they feed the database model so that cross-file
# rules see the whole history, and their findings are not reported.
# Default: the folders of the files named (and the include globs when set
# here). [] turns it off.
# context: [migrations]

# Baseline of known findings to hide (sqllint scan --write-baseline FILE
# writes it); only new findings are reported.
# baseline: .sqllint-baseline.json
`

func starter(reg *rules.Registry) string {
	var b strings.Builder
	b.WriteString(starterHead)
	for _, r := range reg.All() {
		note := r.Name
		if r.Live {
			note += " (live: runs with a server)"
		}
		commented(&b, r.ID+": "+r.Severity.String(), note)
	}

	b.WriteString("\n# Rule options, per rule by ID or name; values are numbers. Options under\n")
	b.WriteString("# \"all\" apply to every rule that has them; a rule's own value wins. The\n")
	b.WriteString("# defaults:\n")
	b.WriteString("options:\n")
	// shared options: those of more than one rule
	users := map[string][]string{}
	var order []rules.Option
	for _, r := range reg.All() {
		for _, o := range r.Options {
			if users[o.Name] == nil {
				order = append(order, o)
			}
			users[o.Name] = append(users[o.Name], r.ID)
		}
	}
	var shared []rules.Option
	for _, o := range order {
		if len(users[o.Name]) > 1 {
			shared = append(shared, o)
		}
	}
	if len(shared) > 0 {
		commented(&b, allRules+":", "every rule that has the option")
		for _, o := range shared {
			commented(&b, "  "+o.Name+": "+number(o.Default), unitNote(o, "used by "+strings.Join(users[o.Name], ", ")))
		}
	}
	for _, r := range reg.All() {
		if len(r.Options) == 0 {
			continue
		}
		b.WriteString("  #\n")
		commented(&b, r.ID+":", r.Name)
		for _, o := range r.Options {
			for _, line := range wrap(o.Doc, 70) {
				b.WriteString("  #   # " + line + "\n")
			}
			commented(&b, "  "+o.Name+": "+number(o.Default), unitNote(o, ""))
		}
	}
	b.WriteString(starterTail)
	return b.String()
}

// commented writes "  # line  # note", the note aligned.
func commented(b *strings.Builder, line, note string) {
	if note == "" {
		b.WriteString("  # " + line + "\n")
		return
	}
	fmt.Fprintf(b, "  # %-26s # %s\n", line, note)
}

func unitNote(o rules.Option, extra string) string {
	parts := []string{}
	if o.Unit != "" {
		parts = append(parts, o.Unit)
	}
	if extra != "" {
		parts = append(parts, extra)
	}
	return strings.Join(parts, "; ")
}

func number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// wrap splits text into lines of at most width runes, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
