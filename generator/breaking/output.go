package breaking

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// Text renders a report for people.
func Text(r *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "schema: %s → %s\n", r.Old, r.New)
	fmt.Fprintf(&b, "BACKWARD %s, FORWARD %s, FULL %s\n", r.Backward, r.Forward, r.Verdict(Full))
	for _, tr := range r.Types {
		if len(tr.Changes) == 0 && len(tr.Through) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s: BACKWARD %s, FORWARD %s", tr.Name, tr.Backward, tr.Forward)
		if len(tr.Through) > 0 {
			fmt.Fprintf(&b, " (through %s)", strings.Join(tr.Through, ", "))
		}
		b.WriteString("\n")
		for _, ch := range tr.Changes {
			fmt.Fprintf(&b, "  %s: %s\n", ch.Kind, ch.Message)
			fmt.Fprintf(&b, "    old %s, new %s, document #%s\n", orNone(ch.Old), orNone(ch.New), ch.Instance)
			for _, d := range []struct {
				name string
				v    Verdict
				w    *Witness
			}{{"BACKWARD", ch.Backward, ch.BackwardWitness}, {"FORWARD", ch.Forward, ch.ForwardWitness}} {
				fmt.Fprintf(&b, "    %s %s (%s)", d.name, d.v, ch.How)
				if d.w == nil {
					b.WriteString("\n")
					continue
				}
				other := "new"
				if d.w.AcceptedBy == "new" {
					other = "old"
				}
				fmt.Fprintf(&b, ": %s is accepted by the %s version; the %s one says:\n", d.w.Document, d.w.AcceptedBy, other)
				for _, e := range d.w.Errors {
					fmt.Fprintf(&b, "      %s\n", e)
				}
			}
		}
	}
	if len(r.API) > 0 {
		b.WriteString("\nAPI breaks of the generated code:\n")
		for _, a := range r.API {
			fmt.Fprintf(&b, "  %s: %s (%s, %s)\n", langName(a.Lang), a.Message, a.Type, a.Location)
		}
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func langName(l string) string {
	if l == "go" {
		return "Go"
	}
	return "TypeScript"
}

// JSON renders a report as indented JSON.
func JSON(r *Report) []byte {
	if r.Types == nil {
		r.Types = []*TypeReport{}
	}
	if r.API == nil {
		r.API = []*APIBreak{}
	}
	for _, tr := range r.Types {
		if tr.Changes == nil {
			tr.Changes = []*Change{}
		}
	}
	data, _ := json.MarshalIndent(r, "", "  ")
	return append(data, '\n')
}

// GitHub writes a report as GitHub Actions workflow commands: an error on the line of the new
// file for every change incompatible in a direction the mode checks, a warning for an undecided
// one and for every API break, then a summary line.
func GitHub(w io.Writer, r *Report, m Mode) {
	lines := map[string]map[string]int{}
	at := func(location string) (string, int) {
		v := r.newV
		if location == "" {
			return "", 0
		}
		file, ptr, _ := strings.Cut(location, "#")
		if _, ok := lines[file]; !ok {
			data, err := fs.ReadFile(v.src.FS, path.Join(v.src.root(), file))
			if err == nil {
				lines[file] = pointerLines(data)
			} else {
				lines[file] = nil
			}
		}
		// The nearest place the file has: the pointer, or its closest ancestor.
		line := 1
		for p := ptr; ; {
			if l, ok := lines[file][p]; ok {
				line = l
				break
			}
			i := strings.LastIndexByte(p, '/')
			if i < 0 {
				break
			}
			p = p[:i]
		}
		name := file
		if v.src.Repo != "" && v.src.Repo != "." {
			name = path.Join(v.src.Repo, file)
		}
		return name, line
	}
	checks := map[Mode][]string{Backward: {"BACKWARD"}, Forward: {"FORWARD"}, Full: {"BACKWARD", "FORWARD"}}[m]
	for _, tr := range r.Types {
		for _, ch := range tr.Changes {
			place := ch.New
			if place == "" {
				place = tr.New
			}
			file, line := at(place)
			for _, d := range checks {
				v, wit := ch.Backward, ch.BackwardWitness
				if d == "FORWARD" {
					v, wit = ch.Forward, ch.ForwardWitness
				}
				level := ""
				switch v {
				case Incompatible:
					level = "error"
				case Undecided:
					level = "warning"
				default:
					continue
				}
				msg := fmt.Sprintf("%s: %s (%s %s)", tr.Name, ch.Message, d, v)
				if wit != nil {
					msg += fmt.Sprintf(": %s is accepted by the %s version; the other says: %s", wit.Document, wit.AcceptedBy, strings.Join(wit.Errors, "; "))
				}
				fmt.Fprintf(w, "::%s %s::%s\n", level, props(file, line, d+" "+string(v)), escapeData(msg))
			}
		}
	}
	for _, a := range r.API {
		file, line := at(a.Location)
		fmt.Fprintf(w, "::warning %s::%s\n", props(file, line, "API break ("+langName(a.Lang)+")"), escapeData(a.Message))
	}
	fmt.Fprintf(w, "schema %s → %s: %s %s\n", r.Old, r.New, m, r.Verdict(m))
}

func props(file string, line int, title string) string {
	var parts []string
	if file != "" {
		parts = append(parts, "file="+escapeProp(file), "line="+strconv.Itoa(line))
	}
	parts = append(parts, "title="+escapeProp(title))
	return strings.Join(parts, ",")
}

// The escapes of GitHub's workflow commands.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// pointerLines maps the JSON Pointer of every value of a JSON document to the line (from 1)
// where it starts; a member's value is placed on the line of its name.
func pointerLines(data []byte) map[string]int {
	out := map[string]int{}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	lineAt := func(off int64) int {
		// skip the separators before the token
		for off < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
			off++
		}
		return 1 + bytes.Count(data[:off], []byte("\n"))
	}
	var stack []*frame
	cur := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := stack[len(stack)-1]
		if f.array {
			return f.ptr + "/" + strconv.Itoa(f.index)
		}
		return f.ptr + "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(f.key)
	}
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		line := lineAt(off)
		if len(stack) > 0 {
			f := stack[len(stack)-1]
			if !f.array && f.wantKey {
				if d, ok := tok.(json.Delim); ok && d == '}' {
					stack = stack[:len(stack)-1]
					valueDone(stack)
					continue
				}
				f.key, f.wantKey = tok.(string), false
				out[cur()] = line
				continue
			}
		}
		switch d := tok.(type) {
		case json.Delim:
			switch d {
			case '{', '[':
				p := cur()
				if _, ok := out[p]; !ok {
					out[p] = line
				}
				stack = append(stack, &frame{array: d == '[', wantKey: d == '{', ptr: p})
			case ']', '}':
				stack = stack[:len(stack)-1]
				valueDone(stack)
			}
		default:
			p := cur()
			if _, ok := out[p]; !ok {
				out[p] = line
			}
			valueDone(stack)
		}
	}
}

type frame struct {
	array   bool
	index   int
	key     string
	wantKey bool
	ptr     string
}

// valueDone moves the innermost container past the value just read.
func valueDone(stack []*frame) {
	if len(stack) == 0 {
		return
	}
	f := stack[len(stack)-1]
	if f.array {
		f.index++
	} else {
		f.wantKey = true
	}
}
