module github.com/skillgen/skillgen/bench

go 1.26.8

replace github.com/skillgen/skillgen => ../
