"""Playing games: agents, scenario files (rules tests), and — later — seeded simulation runs."""
