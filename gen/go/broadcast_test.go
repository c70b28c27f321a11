package skill_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	skill "github.com/skillgen/skillgen/gen/go"
)

// warnings collects what a warning hook receives.
type warnings []string

func (w *warnings) hook() func(string) { return func(m string) { *w = append(*w, m) } }

// TestBroadcastModeParse: the knob values, and the fallback to all with a warning naming the
// value (§8).
func TestBroadcastModeParse(t *testing.T) {
	for in, want := range map[string]skill.BroadcastMode{
		"": skill.BroadcastAll, "all": skill.BroadcastAll, " ALL ": skill.BroadcastAll,
		"off": skill.BroadcastOff, "Off": skill.BroadcastOff, "\toff\n": skill.BroadcastOff,
		"context": skill.BroadcastContext, "CONTEXT": skill.BroadcastContext,
	} {
		var w warnings
		if got := skill.ParseBroadcastMode(in, w.hook()); got != want || len(w) > 0 {
			t.Errorf("ParseBroadcastMode(%q) = %q (warnings %q), want %q and no warning", in, got, w, want)
		}
	}
	for _, in := range []string{"of", "none", "false", "contxt", "all,off", "0", "disabled"} {
		var w warnings
		got := skill.ParseBroadcastMode(in, w.hook())
		if got != skill.BroadcastAll || len(w) != 1 || !strings.Contains(w[0], strconv.Quote(in)) {
			t.Errorf("ParseBroadcastMode(%q) = %q, warnings %q; want all and one warning naming the value", in, got, w)
		}
	}
	var logged bytes.Buffer
	prev, flags := log.Writer(), log.Flags()
	log.SetOutput(&logged)
	defer func() { log.SetOutput(prev); log.SetFlags(flags) }()
	if got := skill.ParseBroadcastMode("typo", nil); got != skill.BroadcastAll || !strings.Contains(logged.String(), `"typo"`) {
		t.Errorf("nil warn: got %q, log %q", got, logged.String())
	}
}

// TestBroadcastKnobNoSilentFallback: every way of building a knob either gives the mode asked
// for or falls back to all with a warning; a knob cannot hold a mode it does not understand
// (§8: a deployment typo must not silently blind the audit, nor silently change it).
func TestBroadcastKnobNoSilentFallback(t *testing.T) {
	// The zero value is the default, not a fallback.
	var zero skill.BroadcastKnob
	if zero.Mode() != skill.BroadcastAll || !zero.Pushes("list_tasks") || !zero.Pushes("context") {
		t.Errorf("zero knob: mode %q", zero.Mode())
	}
	for _, tc := range []struct {
		mode         skill.BroadcastMode
		sessionStart string
		want         skill.BroadcastMode
		warn         string // "" for no warning, else a substring of the one warning
	}{
		{"", "", skill.BroadcastAll, ""},
		{skill.BroadcastAll, "context", skill.BroadcastAll, ""},
		{skill.BroadcastOff, "", skill.BroadcastOff, ""},
		{skill.BroadcastContext, "context", skill.BroadcastContext, ""},
		{" Context ", "session_start", skill.BroadcastContext, ""},
		// A raw value outside the vocabulary, converted instead of parsed, still warns.
		{skill.BroadcastMode("of"), "context", skill.BroadcastAll, `"of"`},
		{skill.BroadcastMode("none"), "", skill.BroadcastAll, `"none"`},
		// Context without a session-start response has nowhere to keep the push.
		{skill.BroadcastContext, "", skill.BroadcastAll, "session-start"},
	} {
		var w warnings
		k := skill.NewBroadcastKnob(tc.mode, tc.sessionStart, w.hook())
		if k.Mode() != tc.want || k.SessionStart() != tc.sessionStart {
			t.Errorf("NewBroadcastKnob(%q, %q): mode %q, session start %q; want %q", tc.mode, tc.sessionStart, k.Mode(), k.SessionStart(), tc.want)
		}
		switch {
		case tc.warn == "" && len(w) != 0:
			t.Errorf("NewBroadcastKnob(%q, %q): unexpected warnings %q", tc.mode, tc.sessionStart, w)
		case tc.warn != "" && (len(w) != 1 || !strings.Contains(w[0], tc.warn)):
			t.Errorf("NewBroadcastKnob(%q, %q): warnings %q, want one containing %s", tc.mode, tc.sessionStart, w, tc.warn)
		}
		// What the knob does follows from its mode alone.
		for _, name := range []string{"context", "session_start", "list_tasks", skill.GetSessionFindingsTool} {
			want := name != skill.GetSessionFindingsTool && (k.Mode() == skill.BroadcastAll || (k.Mode() == skill.BroadcastContext && name == tc.sessionStart))
			if k.Pushes(name) != want {
				t.Errorf("knob %q/%q: Pushes(%q) = %v, want %v", k.Mode(), k.SessionStart(), name, !want, want)
			}
		}
	}
	var logged bytes.Buffer
	prev, flags := log.Writer(), log.Flags()
	log.SetOutput(&logged)
	defer func() { log.SetOutput(prev); log.SetFlags(flags) }()
	if k := skill.NewBroadcastKnob(skill.BroadcastContext, "", nil); k.Mode() != skill.BroadcastAll || !strings.Contains(logged.String(), "session-start") {
		t.Errorf("nil warn: mode %q, log %q", k.Mode(), logged.String())
	}
}

// legacyBlock is the frozen broadcast payload of the server used in these tests: the first
// five findings of each kind, kind and payload, without severity, and a count.
func legacyBlock(findings []skill.RawFinding) ([]byte, error) {
	type entry map[string]any
	out := []entry{}
	seen := map[string]int{}
	for _, f := range findings {
		if seen[f.Kind] < 5 {
			e := entry{"kind": f.Kind}
			for k, v := range f.Payload {
				e[k] = v
			}
			out = append(out, e)
		}
		seen[f.Kind]++
	}
	return json.Marshal(map[string]any{"findings": out, "count": len(out)})
}

// countingDetector serves output through trimmingDetector and counts the calls.
func countingDetector(output []skill.RawFinding, calls *int, last *skill.DetectorQuery) skill.FindingsDetector {
	inner := trimmingDetector(output, last)
	return skill.DetectorFunc(func(ctx context.Context, q skill.DetectorQuery) ([]skill.RawFinding, error) {
		*calls++
		return inner.DetectFindings(ctx, q)
	})
}

// TestC9BroadcastKnob: the default knob reproduces the pre-knob responses byte for byte, and
// every other value drops exactly the push it claims (§8, C9).
func TestC9BroadcastKnob(t *testing.T) {
	output := []skill.RawFinding{
		{Kind: "stale_pending", Payload: map[string]any{"task_id": json.Number("6"), "days_stale": json.Number("62")}},
		{Kind: "duplicate_pending", Payload: map[string]any{"task_id": json.Number("9")}},
	}
	for i := range 7 {
		output = append(output, skill.RawFinding{Kind: "stale_pending", Payload: map[string]any{"task_id": json.Number(strconv.Itoa(100 + i))}})
	}
	// Responses as the server writes them today, with their own spacing and member order.
	responses := map[string][]byte{
		"context":     []byte(`{"session":"s1","goals":[]}`),
		"list_tasks":  []byte(`{"tasks":[{"id":1},{"id":2}],"a":1}`),
		"get_task":    []byte("{\n  \"title\": \"x\",\n  \"id\": 6\n}\n"),
		"empty_reply": []byte(`{}`),
		"spaced":      []byte(`{ "z" : 1.50 , "a" : "\u00e9" }`),
	}
	// The server before the knob: every response carried the block, rendered by its frozen
	// code from the detector's output, appended as the last member.
	before := map[string][]byte{}
	fetched, err := trimmingDetector(output, nil).DetectFindings(context.Background(), skill.DetectorQuery{PerKindFetch: skill.DefaultPerKindLimit + 1})
	if err != nil {
		t.Fatal(err)
	}
	block, err := legacyBlock(fetched)
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range responses {
		b, err := skill.SpliceBroadcastBlock(r, "_findings", block)
		if err != nil {
			t.Fatal(err)
		}
		before[name] = b
	}
	check := func(t *testing.T, knob skill.BroadcastKnob, pushed func(string) bool) {
		t.Helper()
		calls := 0
		a := skill.Auditor{
			Detector:  countingDetector(output, &calls, nil),
			Options:   skill.FindingsOptions{FallbackInfo: true, ServerVersion: "1"},
			Broadcast: skill.Broadcast{Knob: knob, Render: legacyBlock, Key: "_findings"},
		}
		for name, r := range responses {
			orig := slices.Clone(r)
			calls = 0
			got, err := a.Push(context.Background(), name, nil, r)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(r, orig) {
				t.Errorf("%s: Push modified its input", name)
			}
			want := r
			if pushed(name) {
				want = before[name]
			}
			if !bytes.Equal(got, want) {
				t.Errorf("mode %q, %s:\n got %s\nwant %s", knob.Mode(), name, got, want)
			}
			if !pushed(name) && calls != 0 {
				t.Errorf("mode %q, %s: the detector ran %d times for a dropped push", knob.Mode(), name, calls)
			}
			if knob.Pushes(name) != pushed(name) {
				t.Errorf("mode %q: Pushes(%q) = %v", knob.Mode(), name, !pushed(name))
			}
		}
		got, err := a.Push(context.Background(), skill.GetSessionFindingsTool, nil, []byte(`{"findings":[]}`))
		if err != nil || string(got) != `{"findings":[]}` {
			t.Errorf("mode %q pushes on %s (§5.2 forbids it): %s, %v", knob.Mode(), skill.GetSessionFindingsTool, got, err)
		}
	}
	always := func(string) bool { return true }
	never := func(string) bool { return false }
	t.Run("default-byte-identical", func(t *testing.T) {
		check(t, skill.BroadcastKnob{}, always)
		check(t, skill.NewBroadcastKnob("", "context", nil), always)
		check(t, skill.NewBroadcastKnob("all", "context", nil), always)
		check(t, skill.NewBroadcastKnob("bogus", "context", func(string) {}), always)
		check(t, skill.NewBroadcastKnob(skill.BroadcastContext, "", func(string) {}), always)
	})
	t.Run("off-drops-every-push", func(t *testing.T) {
		check(t, skill.NewBroadcastKnob(skill.BroadcastOff, "context", nil), never)
	})
	t.Run("context-keeps-only-session-start", func(t *testing.T) {
		check(t, skill.NewBroadcastKnob(skill.BroadcastContext, "context", nil), func(n string) bool { return n == "context" })
		check(t, skill.NewBroadcastKnob(skill.BroadcastContext, "get_task", nil), func(n string) bool { return n == "get_task" })
	})
	t.Run("custom-attach", func(t *testing.T) {
		a := skill.Auditor{
			Detector: trimmingDetector(output[:1], nil),
			Broadcast: skill.Broadcast{Render: legacyBlock, Attach: func(r, block []byte) ([]byte, error) {
				return append(append(append([]byte(`{"result":`), r...), `,"findings":`...), append(block, '}')...), nil
			}},
		}
		got, err := a.Push(context.Background(), "list_tasks", nil, []byte(`{"a":1}`))
		if err != nil || string(got) != `{"result":{"a":1},"findings":{"count":1,"findings":[{"days_stale":62,"kind":"stale_pending","task_id":6}]}}` {
			t.Errorf("custom attach: %s, %v", got, err)
		}
	})
	t.Run("misconfigured", func(t *testing.T) {
		if _, err := (skill.Auditor{Detector: trimmingDetector(nil, nil)}).Push(context.Background(), "list_tasks", nil, []byte(`{}`)); err == nil {
			t.Errorf("Push without Render under all: want an error")
		}
		if _, err := (skill.Auditor{Broadcast: skill.Broadcast{Render: legacyBlock}}).Push(context.Background(), "list_tasks", nil, []byte(`{}`)); err == nil {
			t.Errorf("Push without a Detector under all: want an error")
		}
		off := skill.Auditor{Broadcast: skill.Broadcast{Knob: skill.NewBroadcastKnob(skill.BroadcastOff, "", nil)}}
		if got, err := off.Push(context.Background(), "list_tasks", nil, []byte(`{}`)); err != nil || string(got) != `{}` {
			t.Errorf("Push under off needs neither: %s, %v", got, err)
		}
		bad := skill.Auditor{Detector: trimmingDetector([]skill.RawFinding{{Kind: "k", Payload: map[string]any{"severity": "warn"}}}, nil), Broadcast: skill.Broadcast{Render: legacyBlock}}
		if _, err := bad.Push(context.Background(), "list_tasks", nil, []byte(`{}`)); !errors.Is(err, skill.ErrDetectorOutput) {
			t.Errorf("Push of a finding carrying severity: %v, want ErrDetectorOutput", err)
		}
		boom := errors.New("boom")
		failing := skill.Auditor{Detector: skill.DetectorFunc(func(context.Context, skill.DetectorQuery) ([]skill.RawFinding, error) { return nil, boom }), Broadcast: skill.Broadcast{Render: legacyBlock}}
		if _, err := failing.Push(context.Background(), "list_tasks", nil, []byte(`{}`)); !errors.Is(err, boom) {
			t.Errorf("detector error not wrapped: %v", err)
		}
	})
}

// TestSpliceBroadcastBlock: the block is appended as the last member and no other byte changes.
func TestSpliceBroadcastBlock(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:            `{"a":1,"_findings":{"n":1}}`,
		`{}`:                 `{"_findings":{"n":1}}`,
		"{ }\n":              `{"_findings":{"n":1} }` + "\n",
		"{\n  \"a\": 1\n}\n": "{\n  \"a\": 1,\"_findings\":{\"n\":1}\n}\n",
	} {
		got, err := skill.SpliceBroadcastBlock([]byte(in), "_findings", []byte(`{"n":1}`))
		if err != nil || string(got) != want {
			t.Errorf("splice %q = %q, %v; want %q", in, got, err, want)
		}
		if err == nil && !json.Valid(got) {
			t.Errorf("splice %q produced invalid JSON %q", in, got)
		}
	}
	for _, in := range []string{`[1]`, `{"a":`, ``, `"x"`} {
		if _, err := skill.SpliceBroadcastBlock([]byte(in), "k", []byte(`1`)); err == nil {
			t.Errorf("splice %q: want an error", in)
		}
	}
	if _, err := skill.SpliceBroadcastBlock([]byte(`{}`), "k", []byte(`{`)); err == nil {
		t.Errorf("invalid block: want an error")
	}
	if got, err := skill.SpliceBroadcastBlock([]byte(`{}`), "find<ings>", []byte(`1`)); err != nil || string(got) != `{"find\u003cings\u003e":1}` {
		t.Errorf("key escaping: %s, %v", got, err)
	}
}

// TestSingleDetectorFeedsBothChannels: a probe pushed and pulled gives the same findings
// (§5.3). The Auditor has one detector; its pull tool and its broadcast read it with the same
// session key, and a block capped like the pull tool lists the same findings, kind and payload,
// in the same order.
func TestSingleDetectorFeedsBothChannels(t *testing.T) {
	property(t, "SuperAuditor §5.3: every channel is fed by the single detector; a probe pushed and pulled gives the same findings", func(rt *rapid.T) {
		c := genPropCase(rt)
		limit := c.limit
		var key *string
		if rapid.Bool().Draw(rt, "declares a session key") {
			k := rapid.StringMatching(`[a-z0-9-]{1,12}`).Draw(rt, "session key")
			key = &k
		}
		var queries []skill.DetectorQuery
		var last skill.DetectorQuery
		inner := trimmingDetector(c.output, &last)
		detector := skill.DetectorFunc(func(ctx context.Context, q skill.DetectorQuery) ([]skill.RawFinding, error) {
			out, err := inner.DetectFindings(ctx, q)
			queries = append(queries, last)
			return out, err
		})
		// The legacy block of this server: the first `limit` findings of each kind, kind and
		// payload, and the kinds it had to cut.
		render := func(findings []skill.RawFinding) ([]byte, error) {
			type entry map[string]any
			out := []entry{}
			var order []string
			seen := map[string]int64{}
			for _, f := range findings {
				if seen[f.Kind] == 0 {
					order = append(order, f.Kind)
				}
				if seen[f.Kind] < limit {
					e := entry{"kind": f.Kind}
					for k, v := range f.Payload {
						e[k] = v
					}
					out = append(out, e)
				}
				seen[f.Kind]++
			}
			cut := []string{}
			for _, k := range order {
				if seen[k] > limit {
					cut = append(cut, k)
				}
			}
			return json.Marshal(map[string]any{"findings": out, "cut": cut})
		}
		a := skill.Auditor{
			Detector:  detector,
			Options:   skill.FindingsOptions{Severities: c.smap, ServerVersion: "1"},
			Broadcast: skill.Broadcast{Render: render, Key: "_findings", PerKindFetch: int(limit) + 1},
		}
		pulled, err := a.GetSessionFindings(context.Background(), skill.GetSessionFindingsParams{PerKindLimit: &limit, SessionKey: key})
		if err != nil {
			rt.Fatal(err)
		}
		pushed, err := a.Push(context.Background(), "list_tasks", key, []byte(`{"tasks":[]}`))
		if err != nil {
			rt.Fatal(err)
		}
		var reply struct {
			Findings struct {
				Findings []map[string]any `json:"findings"`
				Cut      []string         `json:"cut"`
			} `json:"_findings"`
		}
		dec := json.NewDecoder(bytes.NewReader(pushed))
		dec.UseNumber()
		if err := dec.Decode(&reply); err != nil {
			rt.Fatalf("pushed response %s: %v", pushed, err)
		}
		want := []map[string]any{}
		for _, f := range pulled.Findings {
			data, err := json.Marshal(f)
			if err != nil {
				rt.Fatal(err)
			}
			m := decodeJSON(rt, data).(map[string]any)
			delete(m, "severity") // the frozen block has none (§8)
			want = append(want, m)
		}
		if diff := cmp.Diff(want, reply.Findings.Findings, numbersByValue); diff != "" {
			rt.Fatalf("pushed and pulled findings differ (-pulled +pushed):\n%s", diff)
		}
		if diff := cmp.Diff(pulled.CappedKinds, reply.Findings.Cut); diff != "" {
			rt.Fatalf("capped kinds differ (-pulled +pushed):\n%s", diff)
		}
		if len(queries) != 2 || !cmp.Equal(queries[0], queries[1]) {
			rt.Fatalf("the channels asked the detector differently: %+v", queries)
		}
	})
}
