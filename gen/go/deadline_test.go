package skill_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	skill "github.com/skillgen/skillgen/gen/go"
)

// A provider can stall a consumer only as long as the consumer's context allows: a slow
// provider (the body trickles in) and a huge one (a body of nearly 16 MiB, which takes longer
// to check than the deadline allows) both get an error wrapping context.DeadlineExceeded soon
// after the deadline.

// slack is how late after its deadline a fetch may return: generous, for a loaded machine.
const slack = 2 * time.Second

// bigIndex writes a valid skill index of about size bytes.
func bigIndex(size int) []byte {
	var b strings.Builder
	b.WriteString(`{"protocol":{"version":"1.0.0"},"provider":{"name":"Big","url":"https://big.example/"},"skills":[`)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"example.big.skill-%d","name":"Skill %d","version":"1.%d.0","capability_type":"api","access":"public",`+
			`"description":"Skill number %d of a very large index, served to see whether the consumer keeps to its deadline.",`+
			`"descriptor_url":"/.well-known/skills/example.big.skill-%d.json"}`, i, i, i%100, i, i)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// slowProvider sends the start of a document, then one byte every 20 ms, for as long as the
// client listens (at most a minute).
func slowProvider(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"protocol":{"version":"1.0.0"},"skills":[`))
		w.(http.Flusher).Flush()
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		stop := time.After(time.Minute)
		for {
			select {
			case <-r.Context().Done():
				return
			case <-stop:
				return
			case <-tick.C:
				if _, err := w.Write([]byte(" ")); err != nil {
					return
				}
				w.(http.Flusher).Flush()
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// fetchBy runs fetch with a context whose deadline is d and checks that it fails with the
// deadline, by d + slack.
func fetchBy(t *testing.T, what string, d time.Duration, fetch func(context.Context) error) time.Duration {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	start := time.Now()
	err := fetch(ctx)
	took := time.Since(start)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%s with a deadline of %v: error %v, want one wrapping context.DeadlineExceeded", what, d, err)
	}
	if took > d+slack {
		t.Errorf("%s with a deadline of %v returned after %v", what, d, took)
	}
	return took
}

func TestConsumerDeadlineSlowProvider(t *testing.T) {
	srv := slowProvider(t)
	c := skill.Consumer{}
	const d = 300 * time.Millisecond
	fetchBy(t, "FetchIndex from a slow provider", d, func(ctx context.Context) error {
		_, err := c.FetchIndex(ctx, srv.URL+skill.WellKnownIndexPath)
		return err
	})
	fetchBy(t, "FetchDescriptor from a slow provider", d, func(ctx context.Context) error {
		_, err := c.FetchDescriptor(ctx, srv.URL+skill.WellKnownIndexPath, skill.SkillIndexEntry{ID: "slow", DescriptorURL: "/slow.json"})
		return err
	})
}

func TestConsumerDeadlineHugeProvider(t *testing.T) {
	body := bigIndex(16<<20 - 4096)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	c := skill.Consumer{}
	url := srv.URL + skill.WellKnownIndexPath

	// Without a deadline the index is fetched, checked and decoded whole.
	start := time.Now()
	idx, err := c.FetchIndex(context.Background(), url)
	full := time.Since(start)
	if err != nil {
		t.Fatalf("FetchIndex of %d bytes: %v", len(body), err)
	}
	if len(idx.Skills) < 50000 {
		t.Fatalf("FetchIndex: %d skills, want the whole index", len(idx.Skills))
	}
	// A deadline well inside that time: reading the body takes a small part of it, so the
	// deadline falls while the body is checked. The fetch must not wait for the check to end.
	d := full / 4
	took := fetchBy(t, "FetchIndex of a 16 MiB index", d, func(ctx context.Context) error {
		_, err := c.FetchIndex(ctx, url)
		return err
	})
	if took > d+(full-d)/2 && took > d+100*time.Millisecond {
		t.Errorf("FetchIndex with a deadline of %v returned after %v: it waited for the check (%v without a deadline)", d, took, full)
	}
	t.Logf("%d bytes: %v without a deadline; with a deadline of %v, returned after %v", len(body), full, d, took)

	// A context already done fetches nothing.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.FetchIndex(ctx, url); !errors.Is(err, context.Canceled) {
		t.Errorf("FetchIndex with a cancelled context: %v, want context.Canceled", err)
	}
}
