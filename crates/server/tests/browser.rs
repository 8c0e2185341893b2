//! The browser client in a real browser: the JavaScript is type-checked by the pinned
//! TypeScript (`tsc --checkJs`), then `web/tests` (node's test runner, playwright-core
//! driving Debian's Chromium headless) runs against a server started here on a free port
//! with a database of its own.
//!
//! Needs Node.js, `web/node_modules` (`npm ci` in `web/`) and Chromium (`/usr/bin/chromium`,
//! or `CHROMIUM`); `.ci/run` installs them. Where one is missing the test says SKIPPED,
//! except under CI (`CI` set), where it fails.
//!
//! `TABULA_BLESS=1` also copies the screenshots the tests take (each game's table at
//! desktop and phone sizes) into `docs/screenshots/`, which the README shows.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    path.exists().then_some(path)
}

/// What is missing to run the browser tests, if anything.
fn missing() -> Option<String> {
    if Command::new("node").arg("--version").output().is_err() {
        return Some("Node.js (`node`) is not installed".into());
    }
    if !web_dir().join("node_modules/playwright-core").exists()
        || !web_dir().join("node_modules/typescript").exists()
    {
        return Some("web/node_modules is missing: run `npm ci` in web/".into());
    }
    if chromium().is_none() {
        return Some("Chromium is not installed (apt-get install chromium, or set CHROMIUM)".into());
    }
    None
}

/// Whether to skip, saying why; under CI a missing piece fails instead.
fn skip() -> bool {
    match missing() {
        None => false,
        Some(why) if std::env::var_os("CI").is_some() => {
            panic!("the browser tests cannot run under CI: {why}")
        }
        Some(why) => {
            eprintln!("SKIPPED: {why}");
            true
        }
    }
}

/// The README shows screenshots the browser tests take: each one it names exists.
#[test]
fn the_readmes_screenshots_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut named = 0;
    for part in readme.split("](").skip(1) {
        let path = part.split(')').next().unwrap();
        if path.starts_with("docs/screenshots/") {
            named += 1;
            assert!(
                root.join(path).exists(),
                "the README shows {path}, which is missing (TABULA_BLESS=1 cargo test -p tabula-server --test browser)"
            );
        }
    }
    assert!(named >= 5, "the README shows a screenshot of each game");
}

#[test]
fn the_client_type_checks() {
    if skip() {
        return;
    }
    let out = Command::new("node")
        .args(["node_modules/typescript/bin/tsc", "-p", "."])
        .current_dir(web_dir())
        .output()
        .expect("tsc runs");
    assert!(
        out.status.success(),
        "tsc --checkJs found errors in web/app:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// One Chromium at a time: the tests of this file share two cores, and their clocks.
static CHROMIUM: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A short grace period, so that a test can watch one run out.
const GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs `node --test` on `files` of `web/` against the server at `addr`, with `env` besides;
/// fails with node's report if a test fails. Screenshots go to `shots`, copied into
/// `docs/screenshots/` under `TABULA_BLESS`.
async fn node_tests(addr: std::net::SocketAddr, files: &[&str], shots: &Path, env: &[(&str, &Path)]) {
    let mut cmd = tokio::process::Command::new("node");
    cmd.args(["--test", "--test-concurrency=1", "--test-reporter=spec"])
        .args(files)
        .current_dir(web_dir())
        .env("TABULA_URL", format!("http://{addr}"))
        .env("TABULA_SHOTS", shots)
        .env("TABULA_GRACE_MS", GRACE.as_millis().to_string())
        .env("CHROMIUM", chromium().expect("checked by skip()"))
        .kill_on_drop(true);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().await.expect("node runs");
    let report = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the browser tests failed:\n{report}");
    eprintln!("{report}");
    if std::env::var_os("TABULA_BLESS").is_some() && shots.exists() {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots");
        std::fs::create_dir_all(&docs).unwrap();
        for e in std::fs::read_dir(shots).unwrap().flatten() {
            std::fs::copy(e.path(), docs.join(e.file_name())).unwrap();
        }
    }
}

/// A folder of this run's own under the system's temporary one, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `web/tests`' files in three groups of about equal length, run at once, every group against
/// a server and database of its own (so no group sees another's tables in its lobby). On the
/// two-core development machine Chromium and the bots keep both cores busy, so this saves
/// little there (about 12 minutes against 13.5 one after another); with more cores, more.
const GROUPS: [&[&str]; 3] = [
    &["tests/games.test.mjs", "tests/accounts.test.mjs"],
    &["tests/spectators.test.mjs"],
    &["tests/lobby.test.mjs", "tests/table.test.mjs", "tests/a11y.test.mjs"],
];

/// Every test file of `web/tests` is in one of the [`GROUPS`], so none is left out.
#[test]
fn every_browser_test_file_is_run() {
    let mut files: Vec<String> = std::fs::read_dir(web_dir().join("tests"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".test.mjs"))
        .map(|name| format!("tests/{name}"))
        .collect();
    files.sort();
    let mut grouped: Vec<String> = GROUPS.iter().flat_map(|g| g.iter().map(|f| (*f).to_owned())).collect();
    grouped.sort();
    assert_eq!(files, grouped, "each file of web/tests/*.test.mjs belongs in one group of GROUPS");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_in_chromium() {
    if skip() {
        return;
    }
    let _one = CHROMIUM.lock().await;
    let shots = scratch("shots");
    let mut addrs = Vec::new();
    let mut _servers = Vec::new();
    for k in 0..GROUPS.len() {
        let (addr, served) = common::server_with(&common::db(&format!("browser-{k}")), GRACE).await;
        addrs.push(addr);
        _servers.push(served);
    }
    let runs = GROUPS.iter().zip(addrs).map(|(files, addr)| node_tests(addr, files, &shots, &[]));
    futures_util::future::join_all(runs).await;
}

/// A game by correspondence across a restart, in Chromium (`web/tests/restart.mjs`): its first
/// half against one server, which then stops; its second half against a new server on the
/// same database, where both people come back signed in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_across_a_restart_in_chromium() {
    if skip() {
        return;
    }
    let _one = CHROMIUM.lock().await;
    let db = common::db("browser-restart");
    let (state, shots) = (scratch("restart"), scratch("restart-shots"));
    let (addr, first) = common::server_with(&db, GRACE).await;
    let before = [("TABULA_PHASE", Path::new("before")), ("TABULA_STATE", &state)];
    node_tests(addr, &["tests/restart.mjs"], &shots, &before).await;
    first.abort();
    let _ = first.await;
    let (addr, _second) = common::server_with(&db, GRACE).await;
    let after = [("TABULA_PHASE", Path::new("after")), ("TABULA_STATE", &state)];
    node_tests(addr, &["tests/restart.mjs"], &shots, &after).await;
}
