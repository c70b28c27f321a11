package skill_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	skill "github.com/skillgen/skillgen/gen/go"
)

// exampleDescriptors are the skills of a provider: one of each access level, and one written
// for a future protocol major.
func exampleDescriptors() []skill.SkillDescriptor {
	const template = `{
	  "protocol": {"version": "%s"},
	  "id": "%s",
	  "name": "%s",
	  "version": "1.0.0",
	  "capability_type": "%s",
	  "description": "An example skill.",
	  "provider": {"name": "Nimbus Weather", "url": "https://nimbus-weather.example"},
	  "endpoint": {"url": "https://api.nimbus-weather.example/skills/%[2]s", "method": "POST"},
	  "inputs": [{"name": "city", "type": "string", "required": true}],
	  "output": {"type": "object"},
	  "auth": %[5]s,
	  "access": "%[6]s"
	}`
	const apiKey = `{"type": "api_key", "in": "header", "name": "X-Api-Key"}`
	docs := []string{
		fmt.Sprintf(template, "1.0.0", "weather.forecast", "Weather forecast", "api", `{"type": "none"}`, "public"),
		fmt.Sprintf(template, "1.2.0", "weather.alerts", "Severe weather alerts", "api", apiKey, "restricted"),
		fmt.Sprintf(template, "1.0.0", "weather.manual", "Station manual", "knowledge", `{"type": "none"}`, "public"),
		fmt.Sprintf(template, "1.0.0", "billing.export", "Billing export", "task", apiKey, "private"),
		fmt.Sprintf(template, "2.0.0", "weather.radar", "Radar tiles", "api", `{"type": "none"}`, "public"),
	}
	var descs []skill.SkillDescriptor
	for _, doc := range docs {
		d, err := skill.ParseSkillDescriptor([]byte(doc))
		if err != nil {
			log.Fatal(err)
		}
		descs = append(descs, d)
	}
	return descs
}

// A provider serves its skill index at the Well-Known URI and every descriptor at its
// descriptor_url. Unauthenticated callers see every skill except the private ones.
func ExampleNewIndexHandler() {
	h, err := skill.NewIndexHandler(exampleDescriptors(), skill.HandlerOptions{
		// Who counts as authenticated is the provider's decision.
		Authenticated: func(r *http.Request) bool { return r.Header.Get("Authorization") == "Bearer staff-token" },
	})
	if err != nil {
		log.Fatal(err)
	}
	// In production: mux.Handle("/.well-known/skills/", h) on the provider's https server.
	srv := httptest.NewServer(h)
	defer srv.Close()

	get := func(path, authorization string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if authorization != "" {
			req.Header.Set("Authorization", authorization)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp, body
	}

	resp, body := get(skill.WellKnownIndexPath, "")
	fmt.Println(resp.Status, resp.Header.Get("Content-Type"), "|", resp.Header.Get("Cache-Control"))
	index, err := skill.ParseSkillIndex(body)
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range index.Skills {
		fmt.Println(" ", e.ID, e.Access, e.DescriptorURL)
	}

	resp, _ = get(skill.DescriptorPath("billing.export"), "")
	fmt.Println("private descriptor, unauthenticated:", resp.Status)
	resp, _ = get(skill.DescriptorPath("billing.export"), "Bearer staff-token")
	fmt.Println("private descriptor, authenticated:", resp.Status, "|", resp.Header.Get("Cache-Control"))

	resp, body = get(skill.WellKnownIndexPath, "Bearer staff-token")
	index, _ = skill.ParseSkillIndex(body)
	fmt.Println("authenticated index:", len(index.Skills), "skills |", resp.Header.Get("Cache-Control"))

	// Output:
	// 200 OK application/json | public, max-age=300
	//   weather.forecast public /.well-known/skills/descriptors/weather.forecast.json
	//   weather.alerts restricted /.well-known/skills/descriptors/weather.alerts.json
	//   weather.manual public /.well-known/skills/descriptors/weather.manual.json
	//   weather.radar public /.well-known/skills/descriptors/weather.radar.json
	// private descriptor, unauthenticated: 404 Not Found
	// private descriptor, authenticated: 200 OK | private, no-cache
	// authenticated index: 5 skills | private, no-cache
}

// A consumer fetches a provider's index, keeps the skills of one capability type, and fetches
// their descriptors; a descriptor of another protocol major is rejected before it is read.
func ExampleConsumer() {
	h, err := skill.NewIndexHandler(exampleDescriptors(), skill.HandlerOptions{})
	if err != nil {
		log.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	ctx := context.Background()
	consumer := skill.Consumer{Protocol: "1.0.0"} // the protocol version this consumer supports
	indexURL, err := skill.IndexURL(srv.URL)      // e.g. https://nimbus-weather.example/.well-known/skills/index.json
	if err != nil {
		log.Fatal(err)
	}
	index, err := consumer.FetchIndex(ctx, indexURL)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("index protocol", index.Protocol.Version, "with", len(index.Skills), "skills")

	for _, e := range skill.FilterEntriesByCapability(index.Skills, skill.CapabilityTypeAPI) {
		d, err := consumer.FetchDescriptor(ctx, indexURL, e)
		var incompatible *skill.VersionIncompatibleError
		switch {
		case errors.As(err, &incompatible):
			fmt.Printf("skip %s: protocol %s, consumer supports %s\n", e.ID, incompatible.Descriptor, incompatible.Consumer)
		case err != nil:
			log.Fatal(err)
		default:
			fmt.Printf("use %s (%s, protocol %s)\n", d.ID, d.Name, d.Protocol.Version)
		}
	}

	// Output:
	// index protocol 1.0.0 with 4 skills
	// use weather.forecast (Weather forecast, protocol 1.0.0)
	// use weather.alerts (Severe weather alerts, protocol 1.2.0)
	// skip weather.radar: protocol 2.0.0, consumer supports 1.0.0
}

func ExampleCheckCompatibility() {
	for _, v := range []string{"1.0.0", "1.9.3", "2.0.0", "0.4.0"} {
		err := skill.CheckCompatibility(v, "1.2.0")
		fmt.Printf("descriptor %s: %v\n", v, err)
	}
	// Output:
	// descriptor 1.0.0: <nil>
	// descriptor 1.9.3: <nil>
	// descriptor 2.0.0: incompatible protocol version: descriptor uses 2.0.0, consumer supports 1.2.0 (major 2 is newer than major 1)
	// descriptor 0.4.0: incompatible protocol version: descriptor uses 0.4.0, consumer supports 1.2.0 (major 0 is older than major 1)
}

func ExampleFilterByCapability() {
	for _, d := range skill.FilterByCapability(exampleDescriptors(), skill.CapabilityTypeAPI) {
		fmt.Println(d.ID)
	}
	// Output:
	// weather.forecast
	// weather.alerts
	// weather.radar
}

func ExampleBuildIndex() {
	descs := exampleDescriptors()
	index, err := skill.BuildIndex(descs[:2], skill.IndexOptions{BaseURL: "https://cdn.nimbus-weather.example"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(index.Skills[0].DescriptorURL)

	_, err = skill.BuildIndex(append(descs, descs[1]), skill.IndexOptions{})
	var dup *skill.DuplicateIDError
	fmt.Println(errors.As(err, &dup), strings.TrimSpace(err.Error()))
	// Output:
	// https://cdn.nimbus-weather.example/.well-known/skills/descriptors/weather.forecast.json
	// true duplicate skill id "weather.alerts": descriptors[1] and descriptors[5]
}
