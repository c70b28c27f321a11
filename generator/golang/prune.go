package golang

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// prune drops from the Go files of each package (the generated package and its arbitrary
// package) every unexported top-level declaration that nothing of the package reaches, and
// then the imports nothing uses any more. The runtime templates carry every helper any schema
// may need; a package keeps only those its own code calls, transitively.
//
// What is reached starts from the exported declarations (the package's API), init functions
// and blank ("_") declarations, and follows every identifier a reached declaration mentions.
// A method is reached when its receiver's type is, and either its name is exported (it may
// satisfy an interface of another package, as MarshalJSON or Error do) or a reached
// declaration selects it (x.name) or declares it in an interface. Names are matched without
// scopes, so a local variable that shares a helper's name keeps the helper: the pass can keep
// too much, never too little.
func prune(files []ir.File) ([]ir.File, error) {
	groups := map[string][]int{}
	for i, f := range files {
		if strings.HasSuffix(f.Path, ".go") {
			dir := path.Dir(f.Path)
			groups[dir] = append(groups[dir], i)
		}
	}
	dirs := make([]string, 0, len(groups))
	for d := range groups {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	drop := map[int]bool{}
	for _, d := range dirs {
		if err := prunePackage(files, groups[d], drop); err != nil {
			return nil, err
		}
	}
	if len(drop) == 0 {
		return files, nil
	}
	out := files[:0:0]
	for i, f := range files {
		if !drop[i] {
			out = append(out, f)
		}
	}
	return out, nil
}

// unit is one top-level declaration that is kept or dropped as a whole: a function, a method,
// one spec of a type, var or const declaration (a const group that uses iota is one unit,
// since its values depend on the position of each spec).
type unit struct {
	file   int
	names  []string // the names it declares (for a method, the method's name)
	recv   string   // the receiver's type name, for a method
	root   bool
	uses   uses
	fields []*field // the fields of a struct type, whose uses are theirs
	start  token.Pos
	end    token.Pos
	decl   *ast.GenDecl // the enclosing declaration of a spec; nil for a function
	isType bool
	// from and to are the bytes of a unit of a scanned file (see scanUnits).
	from, to int
	reached  bool
}

// field is a named, unexported field of a struct type: dropped when nothing reached selects
// it or names it in a composite literal.
type field struct {
	name       string
	uses       uses
	start, end token.Pos
	dead       bool
}

// uses are the names a declaration mentions.
type uses struct {
	idents   []string // identifiers, declarations of this package perhaps
	called   []string // names selected and called, x.name(…), or declared as interface methods
	selected []string // every name selected (x.name) or used as a composite literal key
	// positional lists the types of composite literals written without keys, whose fields
	// all count as used.
	positional []string
}

func prunePackage(files []ir.File, idx []int, drop map[int]bool) error {
	fset := token.NewFileSet()
	parsed := make([]*ast.File, len(idx))
	var units []*unit
	for k, i := range idx {
		if !fromTemplate(files[i].Data) {
			us, err := scanUnits(k, files[i])
			if err != nil {
				return err
			}
			units = append(units, us...)
			continue
		}
		af, err := parser.ParseFile(fset, files[i].Path, files[i].Data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("%s: the generated code does not parse (a bug of skillgen): %w", files[i].Path, err)
		}
		parsed[k] = af
		units = append(units, declUnits(k, af)...)
	}
	byName := map[string][]*unit{}
	methods := map[string][]*unit{} // by receiver type name
	fieldNames := map[string]bool{} // of every struct type, named or not
	for _, af := range parsed {
		if af == nil {
			continue
		}
		ast.Inspect(af, func(n ast.Node) bool {
			if st, ok := n.(*ast.StructType); ok {
				for _, f := range st.Fields.List {
					for _, nm := range f.Names {
						fieldNames[nm.Name] = true
					}
				}
			}
			return true
		})
	}
	for _, u := range units {
		if u.recv != "" {
			methods[u.recv] = append(methods[u.recv], u)
			continue
		}
		for _, n := range u.names {
			byName[n] = append(byName[n], u)
		}
	}
	// Reach from the roots; then drop the fields nothing reached uses, and reach again
	// without what only those fields mentioned, until no more fields die.
	for {
		called, selected, positional := map[string]bool{}, map[string]bool{}, map[string]bool{}
		reachedType := map[string]bool{}
		var work []*unit
		reach := func(u *unit) {
			if !u.reached {
				u.reached = true
				work = append(work, u)
			}
		}
		for _, u := range units {
			u.reached = false
		}
		for _, u := range units {
			if u.root && u.recv == "" {
				reach(u)
			}
		}
		follow := func(us uses) {
			for _, id := range us.idents {
				for _, d := range byName[id] {
					reach(d)
				}
			}
			for _, s := range us.called {
				called[s] = true
			}
			for _, s := range us.selected {
				selected[s] = true
			}
			for _, s := range us.positional {
				positional[s] = true
			}
		}
		for len(work) > 0 {
			for len(work) > 0 {
				u := work[len(work)-1]
				work = work[:len(work)-1]
				follow(u.uses)
				for _, f := range u.fields {
					if !f.dead {
						follow(f.uses)
					}
				}
				if u.recv == "" && u.isType {
					for _, n := range u.names {
						reachedType[n] = true
					}
				}
			}
			// The methods of reached types that are exported (they may satisfy an interface
			// of another package), called, or selected under a name no field has (a method
			// value).
			for t := range reachedType {
				for _, m := range methods[t] {
					n := m.names[0]
					if !m.reached && (ast.IsExported(n) || called[n] || selected[n] && !fieldNames[n]) {
						reach(m)
					}
				}
			}
		}
		died := false
		for _, u := range units {
			if !u.reached || len(u.fields) == 0 || positional[u.names[0]] {
				continue
			}
			for _, f := range u.fields {
				if !f.dead && !selected[f.name] {
					f.dead, died = true, true
				}
			}
		}
		if !died {
			break
		}
	}
	for k, i := range idx {
		if parsed[k] == nil {
			data, empty, err := cutScanned(files[i], units, k)
			if err != nil {
				return err
			}
			if empty {
				drop[i] = true
			} else {
				files[i].Data = data
			}
			continue
		}
		data, empty, err := cut(fset, files[i], parsed[k], units, k)
		if err != nil {
			return err
		}
		if empty {
			drop[i] = true
			continue
		}
		files[i].Data = data
	}
	return nil
}

// declUnits lists the units of a file.
func declUnits(k int, af *ast.File) []*unit {
	var out []*unit
	for _, d := range af.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			u := &unit{file: k, names: []string{d.Name.Name}, start: startOf(d.Doc, d), end: d.End()}
			if d.Recv != nil && len(d.Recv.List) == 1 {
				u.recv = recvType(d.Recv.List[0].Type)
			} else {
				u.root = ast.IsExported(d.Name.Name) || d.Name.Name == "init" || d.Name.Name == "_" || d.Name.Name == "main"
			}
			u.uses = mentions(d)
			out = append(out, u)
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			if d.Tok == token.CONST && usesIota(d) {
				u := &unit{file: k, start: startOf(d.Doc, d), end: d.End(), decl: d}
				for _, s := range d.Specs {
					u.names = append(u.names, specNames(s)...)
				}
				u.root = anyRootName(u.names)
				u.uses = mentions(d)
				out = append(out, u)
				continue
			}
			for _, s := range d.Specs {
				u := &unit{file: k, names: specNames(s), start: startOf(specDoc(s), s), end: s.End(), decl: d, isType: d.Tok == token.TYPE}
				if !d.Lparen.IsValid() {
					u.start, u.end = startOf(d.Doc, d), d.End()
				}
				u.root = anyRootName(u.names)
				if ts, ok := s.(*ast.TypeSpec); ok && ts.TypeParams == nil {
					if st, ok := ts.Type.(*ast.StructType); ok {
						u.fields = structFields(st)
					}
				}
				if u.fields == nil {
					u.uses = mentions(s)
				} else {
					u.uses = mentions(s.(*ast.TypeSpec).Name)
				}
				out = append(out, u)
			}
		}
	}
	return out
}

func anyRootName(names []string) bool {
	for _, n := range names {
		if ast.IsExported(n) || n == "_" {
			return true
		}
	}
	return false
}

func startOf(doc *ast.CommentGroup, n ast.Node) token.Pos {
	if doc != nil {
		return doc.Pos()
	}
	return n.Pos()
}

func specDoc(s ast.Spec) *ast.CommentGroup {
	switch s := s.(type) {
	case *ast.ValueSpec:
		return s.Doc
	case *ast.TypeSpec:
		return s.Doc
	}
	return nil
}

func specNames(s ast.Spec) []string {
	switch s := s.(type) {
	case *ast.ValueSpec:
		var out []string
		for _, n := range s.Names {
			out = append(out, n.Name)
		}
		return out
	case *ast.TypeSpec:
		return []string{s.Name.Name}
	}
	return nil
}

func recvType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// usesIota reports whether a const declaration mentions iota, or repeats an earlier spec's
// expression implicitly.
func usesIota(d *ast.GenDecl) bool {
	found := false
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if n.Name == "iota" {
				found = true
			}
		case *ast.ValueSpec:
			if len(n.Values) == 0 {
				found = true
			}
		}
		return !found
	})
	return found
}

// structFields lists the fields of a struct type as fields, or nil when one of them is
// embedded or declares several names (such a struct is kept whole).
func structFields(st *ast.StructType) []*field {
	var out []*field
	for _, f := range st.Fields.List {
		if len(f.Names) != 1 {
			return nil
		}
		name := f.Names[0].Name
		fd := &field{name: name, uses: mentions(f.Type), start: startOf(f.Doc, f), end: f.End()}
		if ast.IsExported(name) || name == "_" {
			fd.uses.selected = append(fd.uses.selected, name) // never dropped
		}
		out = append(out, fd)
	}
	return out
}

// mentions lists the names a declaration uses.
func mentions(n ast.Node) uses {
	seen := map[string]bool{}
	called := map[string]bool{}
	sel := map[string]bool{}
	pos := map[string]bool{}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			if s, ok := x.Fun.(*ast.SelectorExpr); ok {
				called[s.Sel.Name] = true
			}
		case *ast.SelectorExpr:
			// Sel names a field, a method or a member of another package: only X mentions
			// declarations of this package.
			sel[x.Sel.Name] = true
			ast.Inspect(x.X, visit)
			return false
		case *ast.KeyValueExpr:
			if id, ok := x.Key.(*ast.Ident); ok {
				sel[id.Name] = true
			}
		case *ast.CompositeLit:
			if id, ok := x.Type.(*ast.Ident); ok && len(x.Elts) > 0 {
				if _, keyed := x.Elts[0].(*ast.KeyValueExpr); !keyed {
					pos[id.Name] = true
				}
			}
			// Elements whose type is elided ([]T{{…}}, map[K]T{k: {…}}) are T's literals.
			var elt ast.Expr
			switch t := x.Type.(type) {
			case *ast.ArrayType:
				elt = t.Elt
			case *ast.MapType:
				elt = t.Value
			}
			if st, ok := elt.(*ast.StarExpr); ok {
				elt = st.X
			}
			if id, ok := elt.(*ast.Ident); ok {
				pos[id.Name] = true
			}
		case *ast.InterfaceType:
			for _, f := range x.Methods.List {
				for _, nm := range f.Names {
					called[nm.Name] = true
				}
			}
		case *ast.Ident:
			seen[x.Name] = true
		}
		return true
	}
	ast.Inspect(n, visit)
	return uses{idents: keys(seen), called: keys(called), selected: keys(sel), positional: keys(pos)}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// cut removes the unreached units of file k from its source, then the imports nothing uses,
// and formats the rest. empty reports that no declaration is left.
func cut(fset *token.FileSet, f ir.File, af *ast.File, units []*unit, k int) (data []byte, empty bool, err error) {
	tf := fset.File(af.Pos())
	src := f.Data
	type span struct{ from, to int }
	var spans []span
	left := 0
	whole := map[*ast.GenDecl]int{} // specs of a grouped declaration that are kept
	for _, u := range units {
		if u.file == k && u.decl != nil && u.reached {
			whole[u.decl]++
		}
	}
	removedDecl := map[*ast.GenDecl]bool{}
	for _, u := range units {
		if u.file != k {
			continue
		}
		if u.reached {
			left++
			for _, f := range u.fields {
				if f.dead {
					spans = append(spans, span{lineStart(src, tf.Offset(f.start)), lineEnd(src, tf.Offset(f.end))})
				}
			}
			continue
		}
		from, to := u.start, u.end
		if u.decl != nil && u.decl.Lparen.IsValid() && whole[u.decl] == 0 {
			if removedDecl[u.decl] {
				continue
			}
			removedDecl[u.decl] = true
			from, to = startOf(u.decl.Doc, u.decl), u.decl.End()
		}
		spans = append(spans, span{lineStart(src, tf.Offset(from)), lineEnd(src, tf.Offset(to))})
	}
	if len(spans) == 0 {
		return src, false, nil
	}
	if left == 0 {
		return nil, true, nil
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].from < spans[j].from })
	var b bytes.Buffer
	at := 0
	for _, s := range spans {
		if s.from < at {
			s.from = at
		}
		if s.to <= s.from {
			continue
		}
		b.Write(src[at:s.from])
		at = s.to
	}
	b.Write(src[at:])
	out, err := dropUnusedImports(f.Path, b.Bytes())
	if err != nil {
		return nil, false, err
	}
	formatted, err := formatSource(out)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", f.Path, err)
	}
	return formatted, false, nil
}

// lineStart moves an offset back to the start of its line when only blanks precede it there.
func lineStart(src []byte, off int) int {
	i := off
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	if i == 0 || src[i-1] == '\n' {
		return i
	}
	return off
}

// lineEnd moves an offset past the rest of its line (a trailing comment) and its newline.
func lineEnd(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

// dropUnusedImports removes the import specs whose package name no selector uses.
func dropUnusedImports(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("%s: the pruned code does not parse (a bug of skillgen): %w", name, err)
	}
	used := map[string]bool{}
	ast.Inspect(af, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	tf := fset.File(af.Pos())
	type span struct{ from, to int }
	var spans []span
	for _, d := range af.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			continue
		}
		var gone []ast.Spec
		for _, s := range g.Specs {
			is := s.(*ast.ImportSpec)
			p, _ := strconv.Unquote(is.Path.Value)
			local := importName(p)
			if is.Name != nil {
				local = is.Name.Name
			}
			if local == "_" || local == "." || used[local] {
				continue
			}
			gone = append(gone, s)
		}
		if len(gone) == 0 {
			continue
		}
		if len(gone) == len(g.Specs) {
			spans = append(spans, span{lineStart(src, tf.Offset(startOf(g.Doc, g))), lineEnd(src, tf.Offset(g.End()))})
			continue
		}
		for _, s := range gone {
			spans = append(spans, span{lineStart(src, tf.Offset(startOf(s.(*ast.ImportSpec).Doc, s))), lineEnd(src, tf.Offset(s.End()))})
		}
	}
	if len(spans) == 0 {
		return src, nil
	}
	var b bytes.Buffer
	at := 0
	for _, s := range spans {
		b.Write(src[at:s.from])
		at = s.to
	}
	b.Write(src[at:])
	return b.Bytes(), nil
}

// importName is the package name of an import path of the standard library or of a module
// that follows the conventions: its last element, without a major version suffix.
func importName(p string) string {
	elems := strings.Split(p, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2]
	}
	if i := strings.IndexByte(last, '.'); i >= 0 && strings.HasPrefix(p, "gopkg.in/") {
		last = last[:i]
	}
	return strings.ReplaceAll(last, "-", "_")
}

// fromTemplate reports whether a file is a runtime or behaviour template (its second line
// says so): those are parsed whole and lose their unused declarations and fields. The files
// written from the schema, which are most of a large output, are read token by token
// (scanUnits): they lose their unused functions and single declarations only.
func fromTemplate(src []byte) bool {
	_, rest, _ := bytes.Cut(src, []byte("\n"))
	return bytes.HasPrefix(rest, []byte("// Source: templates/"))
}

// scanUnits lists the units of a file written from the schema with the Go scanner, which is
// much cheaper than a parse: a top-level declaration starts with func, var, const or type
// outside any bracket. A function, method or single declaration is a unit that can be
// dropped; a grouped declaration is always kept.
func scanUnits(k int, f ir.File) ([]*unit, error) {
	fset := token.NewFileSet()
	tf := fset.AddFile(f.Path, -1, len(f.Data))
	var sc scanner.Scanner
	var scanErr error
	sc.Init(tf, f.Data, func(pos token.Position, msg string) {
		if scanErr == nil {
			scanErr = fmt.Errorf("%s: %v: %s (a bug of skillgen)", f.Path, pos, msg)
		}
	}, scanner.ScanComments)
	type tok struct {
		t    token.Token
		lit  string
		off  int
		end  int
		line int
	}
	var toks []tok
	for {
		pos, t, lit := sc.Scan()
		if t == token.EOF {
			break
		}
		if t == token.SEMICOLON && lit == "\n" {
			continue
		}
		off := tf.Offset(pos)
		end := off + len(lit)
		if lit == "" {
			end = off + len(t.String())
		}
		toks = append(toks, tok{t, lit, off, end, tf.Line(pos)})
	}
	if scanErr != nil {
		return nil, scanErr
	}
	var out []*unit
	depth := 0
	var cur *unit
	var docFrom, docLine = -1, -1
	seen, called, sel, pos := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	finish := func(end int) {
		if cur == nil {
			return
		}
		cur.to = end
		cur.uses = uses{idents: keys(seen), called: keys(called), selected: keys(sel), positional: keys(pos)}
		out = append(out, cur)
		cur = nil
		seen, called, sel, pos = map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	}
	lastEnd := 0
	for i, t := range toks {
		next := func(j int) tok {
			if i+j < len(toks) {
				return toks[i+j]
			}
			return tok{t: token.EOF}
		}
		if depth == 0 {
			switch t.t {
			case token.COMMENT:
				if docFrom < 0 || t.line > docLine+1 {
					docFrom = t.off
				}
				docLine = t.line + strings.Count(t.lit, "\n")
				continue
			case token.FUNC, token.VAR, token.CONST, token.TYPE, token.IMPORT:
				finish(lastEnd)
				from := t.off
				if docFrom >= 0 && docLine == t.line-1 {
					from = docFrom
				}
				docFrom = -1
				cur = &unit{file: k, from: from, isType: t.t == token.TYPE}
				n1 := next(1)
				switch {
				case t.t == token.IMPORT:
					cur.root = true
				case t.t == token.FUNC && n1.t == token.LPAREN:
					// A method: the receiver's type is the last name in its parentheses.
					j, d := i+1, 0
					for ; j < len(toks); j++ {
						if toks[j].t == token.LPAREN {
							d++
						} else if toks[j].t == token.RPAREN {
							d--
							if d == 0 {
								break
							}
						} else if toks[j].t == token.IDENT && d == 1 {
							cur.recv = toks[j].lit
						}
					}
					if j+1 < len(toks) && toks[j+1].t == token.IDENT {
						cur.names = []string{toks[j+1].lit}
					}
					if cur.recv == "" || cur.names == nil {
						cur.root, cur.recv = true, ""
					}
				case n1.t == token.IDENT:
					cur.names = []string{n1.lit}
					cur.root = anyRootName(cur.names) || n1.lit == "init" || n1.lit == "main"
				default:
					// A grouped declaration: kept, with the names that start its lines.
					cur.root = true
					for j, d := i+1, 0; j < len(toks); j++ {
						switch toks[j].t {
						case token.LPAREN, token.LBRACE, token.LBRACK:
							d++
						case token.RPAREN, token.RBRACE, token.RBRACK:
							d--
						case token.IDENT:
							if d == 1 && (toks[j-1].t == token.LPAREN || toks[j-1].t == token.SEMICOLON || toks[j-1].line < toks[j].line) && toks[j-1].t != token.PERIOD {
								cur.names = append(cur.names, toks[j].lit)
							}
						}
						if d == 0 {
							break
						}
					}
				}
			}
		}
		switch t.t {
		case token.LPAREN, token.LBRACE, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACE, token.RBRACK:
			depth--
		case token.IDENT:
			prev := tok{t: token.ILLEGAL}
			if i > 0 {
				prev = toks[i-1]
			}
			n1, n2 := next(1), next(2)
			switch {
			case prev.t == token.PERIOD:
				sel[t.lit] = true
				if n1.t == token.LPAREN {
					called[t.lit] = true
				}
			default:
				seen[t.lit] = true
				if n1.t == token.COLON {
					sel[t.lit] = true // a composite literal's key, perhaps
				}
				if n1.t == token.LBRACE && n2.t != token.RBRACE && !(n2.t == token.IDENT && next(3).t == token.COLON) {
					pos[t.lit] = true // a literal without keys, perhaps
				}
			}
		}
		if t.t != token.COMMENT {
			lastEnd = t.end
		}
	}
	finish(lastEnd)
	for _, u := range out {
		if len(u.names) > 0 && u.names[0] == "_" {
			u.root = true
		}
	}
	return out, nil
}

// cutScanned removes the unreached units of a scanned file: whole lines, with the blank line
// that separated them from the next declaration.
func cutScanned(f ir.File, units []*unit, k int) (data []byte, empty bool, err error) {
	src := f.Data
	var b bytes.Buffer
	at, left, cuts := 0, 0, 0
	for _, u := range units {
		if u.file != k {
			continue
		}
		if u.reached || u.root {
			left++
			continue
		}
		from, to := lineStart(src, u.from), lineEnd(src, u.to)
		if from < at {
			continue
		}
		if to < len(src) && src[to] == '\n' {
			to++
		}
		b.Write(src[at:from])
		at = to
		cuts++
	}
	if cuts == 0 {
		return src, false, nil
	}
	if left == 0 {
		return nil, true, nil
	}
	b.Write(src[at:])
	out := bytes.TrimRight(b.Bytes(), "\n")
	out = append(out, '\n')
	if importsUsed(out) {
		return out, false, nil
	}
	out, err = dropUnusedImports(f.Path, out)
	if err != nil {
		return nil, false, err
	}
	formatted, err := formatSource(out)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", f.Path, err)
	}
	return formatted, false, nil
}

// importsUsed reports whether every import of a file is selected from (name.X) somewhere in
// its code.
func importsUsed(src []byte) bool {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, "", src, parser.ImportsOnly)
	if err != nil {
		return false
	}
	tf := fset.AddFile("", -1, len(src))
	var sc scanner.Scanner
	sc.Init(tf, src, nil, 0)
	qualifiers := map[string]bool{}
	prev := ""
	for {
		_, t, lit := sc.Scan()
		if t == token.EOF {
			break
		}
		if t == token.PERIOD && prev != "" {
			qualifiers[prev] = true
		}
		prev = ""
		if t == token.IDENT {
			prev = lit
		}
	}
	for _, is := range af.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := importName(p)
		if is.Name != nil {
			name = is.Name.Name
		}
		if name != "_" && name != "." && !qualifiers[name] {
			return false
		}
	}
	return true
}
