//! `tabula arena`'s files: the CSV of every game with the game and its options, the table
//! beside it, and a record of every game that replays to the same result.

use std::process::Command;

use tabula_core::Record;

#[test]
fn the_csv_files_and_the_records_of_an_arena() {
    let dir = std::env::temp_dir().join(format!("tabula-arena-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (csv, records) = (dir.join("r.csv"), dir.join("games.jsonl"));
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "arena",
            "--game",
            "sabotage-pipes",
            "--options",
            r#"{"rounds":1}"#,
            "--bots",
            "random,greedy",
        ])
        .args(["--games", "4", "--jobs", "1", "--quiet", "--seed", "3"])
        .arg("--out")
        .arg(&csv)
        .arg("--records")
        .arg(&records)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    let games = std::fs::read_to_string(&csv).unwrap();
    let mut lines = games.lines();
    assert_eq!(lines.next(), Some("game,options,index,seed,seat,bot,return,moves,seconds"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 8, "one row per game and seat");
    assert!(
        rows.iter()
            .all(|r| r
                .starts_with("\"sabotage-pipes\",\"sabotage-pipes(players=2,demontage=true,rounds=1)\","))
    );

    let table = std::fs::read_to_string(dir.join("r.summary.csv")).unwrap();
    let rows: Vec<&str> = table.lines().collect();
    assert!(rows[0].starts_with("game,options,bot,games,won,drawn,lost,win_rate"), "{table}");
    assert_eq!(rows.len(), 3, "a header and one row per bot: {table}");
    assert!(rows[1].contains("\"random\",4,") && rows[2].contains("\"greedy\",4,"), "{table}");

    let registry = tabula_registry::registry();
    let lines: Vec<String> = std::fs::read_to_string(&records).unwrap().lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 4);
    for line in lines {
        let record = Record::from_json_str(&line).unwrap();
        assert_eq!(record.seats.len(), 2);
        assert!(record.seats.contains(&"random".to_owned()) && record.seats.contains(&"greedy".to_owned()));
        let replayed = registry.load_record(&record).unwrap();
        assert_eq!(Some(replayed.returns()), record.result);
    }
    // Any game of the arena replays with `tabula replay FILE --game N`.
    let replay = |n: &str| {
        Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("replay")
            .arg(&records)
            .args(["--game", n, "--text"])
            .output()
            .unwrap()
    };
    let out = replay("3");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!out.stdout.is_empty());
    let out = replay("4");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("holds 4 records (games 0 to 3), not game 4"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
