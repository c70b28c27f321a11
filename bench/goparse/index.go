package goparse

import (
	"fmt"
	"strings"
)

// SkillIndexDoc builds a skill index of n entries, each with every member SkillIndexEntry
// declares (about 330 bytes an entry: 40,000 entries are 13 MB).
func SkillIndexDoc(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"protocol":{"version":"1.0.0"},"provider":{"name":"Acme Skills","url":"https://acme.example.com"},"skills":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"acme.skill-%05d","name":"Skill %d of the Acme catalogue","version":"1.%d.%d",`+
			`"capability_type":"%s","access":"%s","description":"Skill number %d of a large index: it forecasts, `+
			`converts or summarises what its inputs name, within the limits of its descriptor.",`+
			`"descriptor_url":"https://acme.example.com/.well-known/skills/acme.skill-%05d.json"}`,
			i, i, i%100, i%7, []string{"api", "plugin", "task"}[i%3], []string{"public", "restricted"}[i%2], i, i)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}
