// Command actionwf turns the composite action (action.yml) into a
// workflow that actionlint can check: actionlint reads workflows, not
// action metadata, so the action's inputs become workflow_call inputs and
// its steps a job's steps. Usage: go run ./.ci/actionwf action.yml > wf.yml
package main

import (
	"fmt"
	"os"

	"gopkg.in/yaml.v3"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: actionwf action.yml")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var action struct {
		Name   string `yaml:"name"`
		Inputs map[string]struct {
			Description string `yaml:"description"`
			Required    bool   `yaml:"required"`
			Default     string `yaml:"default"`
		} `yaml:"inputs"`
		Runs struct {
			Using string      `yaml:"using"`
			Steps []yaml.Node `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if action.Runs.Using != "composite" {
		fmt.Fprintln(os.Stderr, "not a composite action")
		os.Exit(2)
	}
	inputs := map[string]any{}
	for name, in := range action.Inputs {
		inputs[name] = map[string]any{"description": in.Description, "required": in.Required, "type": "string", "default": in.Default}
	}
	wf := map[string]any{
		"name": action.Name + " (action.yml as a workflow, for actionlint)",
		"on":   map[string]any{"workflow_call": map[string]any{"inputs": inputs}},
		"jobs": map[string]any{"action": map[string]any{"runs-on": "ubuntu-latest", "steps": action.Runs.Steps}},
	}
	out, err := yaml.Marshal(wf)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Stdout.Write(out)
}
