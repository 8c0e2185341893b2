//! The browser client and the rules pages, embedded in the binary: `web/app` is served
//! under `/app/`, its page at `/` and at every address the client itself makes (`/table/ID`,
//! `/replay/ID`), each game's rules, rendered from `docs/rules/<id>.md`, at `/rules/<id>`,
//! and each game's player's guide, rendered from `docs/guides/<id>.md`, at `/learn/<id>`.

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use include_dir::{Dir, include_dir};
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// The browser client's files.
static APP: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../web/app");

/// Each game's rules as implemented.
static RULES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../docs/rules");

/// Each game's guide for players: what a newcomer reads before a first game.
static GUIDES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../docs/guides");

/// Each game's interactive tutorial: a scripted game, as data (`docs/tutorials/<id>.json`).
static TUTORIALS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../docs/tutorials");

/// An interactive tutorial (`docs/tutorials/<id>.json`): a short game of the engine with its
/// chance outcomes and the other seats' moves fixed, in which the learner plays one seat and
/// the page says what to do and what just happened.
#[derive(Debug, Clone, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Tutorial {
    /// Its title ("Abagio in ten leaps").
    pub title: String,
    /// The game's options (its defaults where left out).
    #[serde(default)]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The learner's seat.
    #[serde(default)]
    pub seat: usize,
    /// The lessons, in order.
    pub steps: Vec<Step>,
}

/// One lesson of a tutorial: the moves played for the learner (chance, the other seats),
/// what the page says, and the move the learner is asked to make, if any.
#[derive(Debug, Clone, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Played first, for the learner to watch: dice, draws, the other seats' moves.
    #[serde(default)]
    pub play: Vec<String>,
    /// What the page says, in the words of the game.
    pub say: String,
    /// The moves the learner may make here (any one of them); none: the learner reads on.
    #[serde(default, rename = "do")]
    pub moves: Vec<String>,
    /// Said when the learner tries another move: the rule, or what to look for.
    #[serde(default)]
    pub hint: Option<String>,
}

/// The ids of the games with a tutorial.
pub fn tutorial_ids() -> Vec<String> {
    let mut ids: Vec<String> = TUTORIALS
        .files()
        .filter_map(|f| f.path().to_str()?.strip_suffix(".json").map(str::to_owned))
        .collect();
    ids.sort();
    ids
}

/// Game `id`'s tutorial, read (`None`: the game has none).
///
/// # Errors
/// A tutorial file that does not read (a defect: the tests read every one).
pub fn tutorial(id: &str) -> Option<Result<Tutorial, String>> {
    let text = TUTORIALS.get_file(format!("{id}.json"))?.contents_utf8()?;
    Some(serde_json::from_str(text).map_err(|e| format!("docs/tutorials/{id}.json: {e}")))
}

/// What a page may load: only this server's own files and WebSocket; inline styles for the
/// SVG the renderers draw; nothing inline to run.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'";

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// A page or file, with its entity tag (a hash of its bytes): a browser that holds this
/// version already (`If-None-Match`) is answered `304 Not Modified`, without the body.
fn page(asked: &HeaderMap, body: Vec<u8>, kind: &'static str) -> Response {
    let digest = Sha256::digest(&body);
    let tag: String = digest.iter().take(12).map(|b| format!("{b:02x}")).collect();
    let etag = format!("\"{tag}\"");
    let fresh = asked
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let mut r =
        if fresh { StatusCode::NOT_MODIFIED.into_response() } else { (StatusCode::OK, body).into_response() };
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    // Always asked again, so a new binary is seen at once; unchanged, the answer is a
    // bodiless 304.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(POLICY));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert("referrer-policy", HeaderValue::from_static("same-origin"));
    r
}

/// A file of the client: from `TABULA_WEB_DIR` when set (a developer editing the client
/// sees each change at the next reload, without rebuilding), else the embedded copy.
fn app_file(path: &str) -> Option<Vec<u8>> {
    match std::env::var_os("TABULA_WEB_DIR") {
        Some(dir) if !dir.is_empty() => std::fs::read(std::path::Path::new(&dir).join(path)).ok(),
        _ => APP.get_file(path).map(|f| f.contents().to_vec()),
    }
}

/// The client's page (`/`, `/table/ID`, `/replay/ID`: the page reads the address itself).
pub async fn index(asked: HeaderMap) -> Response {
    match app_file("index.html") {
        Some(body) => page(&asked, body, "text/html; charset=utf-8"),
        None => ApiError::not_found("the browser client is not built in".into()).into_response(),
    }
}

/// One of the client's files, under `/app/`.
pub async fn asset(Path(path): Path<String>, asked: HeaderMap) -> Response {
    if path.split('/').any(|part| part == ".." || part.is_empty()) {
        return ApiError::not_found(format!("no file {path:?}")).into_response();
    }
    match app_file(&path) {
        Some(body) => page(&asked, body, content_type(&path)),
        None => ApiError::not_found(format!("no file {path:?}")).into_response(),
    }
}

/// The site's icon (browsers ask for `/favicon.ico` on their own).
pub async fn icon(asked: HeaderMap) -> Response {
    match app_file("icon.svg") {
        Some(body) => page(&asked, body, "image/svg+xml"),
        None => ApiError::not_found("no icon".into()).into_response(),
    }
}

/// The ids of the games with a document in `dir` (`<id>.md`).
fn ids_in(dir: &Dir<'_>) -> Vec<String> {
    let mut ids: Vec<String> =
        dir.files().filter_map(|f| f.path().to_str()?.strip_suffix(".md").map(str::to_owned)).collect();
    ids.sort();
    ids
}

/// The ids of the games whose rules are embedded.
pub fn rules_ids() -> Vec<String> {
    ids_in(&RULES)
}

/// The ids of the games whose guides are embedded.
pub fn guide_ids() -> Vec<String> {
    ids_in(&GUIDES)
}

/// A game's rules as an HTML page, rendered from `docs/rules/<id>.md`.
pub async fn rules(Path(id): Path<String>, asked: HeaderMap) -> Response {
    let Some(text) = RULES.get_file(format!("{id}.md")).and_then(|f| f.contents_utf8()) else {
        let known = rules_ids().join(", ");
        return ApiError::not_found(format!("no rules for {id:?}: the games are {known}")).into_response();
    };
    page(&asked, rules_html(&id, text).into_bytes(), "text/html; charset=utf-8")
}

/// A game's guide for players as an HTML page, rendered from `docs/guides/<id>.md`.
pub async fn learn(Path(id): Path<String>, asked: HeaderMap) -> Response {
    let Some(text) = GUIDES.get_file(format!("{id}.md")).and_then(|f| f.contents_utf8()) else {
        let known = guide_ids().join(", ");
        return ApiError::not_found(format!("no guide for {id:?}: the games are {known}")).into_response();
    };
    // The guide points to the tutorial at its top, for those who learn by playing.
    let text = match (tutorial(&id), text.split_once('\n')) {
        (Some(Ok(_)), Some((title, rest))) if title.starts_with("# ") => format!(
            "{title}\n\n**Learn by playing:** [the interactive tutorial](/learn/{id}/tutorial) walks you through a first \
             game on the board.\n{rest}"
        ),
        _ => text.to_owned(),
    };
    page(&asked, doc_html(&id, &text, "how to play").into_bytes(), "text/html; charset=utf-8")
}

/// A figure of a guide: a ```` ```position ```` block's JSON, drawn in the page by the
/// game's renderer from the position its actions reach (`POST /api/games/{id}/position`).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    /// What the figure shows, in a sentence under it.
    pub caption: String,
    /// The game's options (its defaults where left out).
    #[serde(default)]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The chance generator's seed.
    #[serde(default)]
    pub seed: u64,
    /// The actions from the start, chance outcomes included.
    #[serde(default)]
    pub actions: Vec<String>,
    /// The seat whose view is drawn.
    #[serde(default)]
    pub seat: usize,
}

/// The HTML of a figure block (a broken one says so in the page, and the guides' test
/// fails on it).
fn figure_html(json: &str) -> String {
    match serde_json::from_str::<Figure>(json) {
        Ok(f) => {
            let asked = serde_json::json!({"options": f.options, "seed": f.seed, "actions": f.actions, "seat": f.seat});
            format!(
                "<figure class=\"position\" data-position=\"{}\"><div class=\"position-board\" inert></div>\
                 <figcaption>{}</figcaption></figure>\n",
                escape(&asked.to_string()),
                escape(&f.caption)
            )
        }
        Err(e) => format!("<p class=\"error\">A figure could not be read: {}</p>\n", escape(&e.to_string())),
    }
}

/// Renders a rules document into a whole page. Raw HTML in the Markdown is shown as text.
pub fn rules_html(id: &str, markdown: &str) -> String {
    doc_html(id, markdown, "rules")
}

/// Renders a document into a whole page under the site's header, `crumb` naming what it
/// is. Raw HTML in the Markdown is shown as text.
fn doc_html(id: &str, markdown: &str, crumb: &str) -> String {
    use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd, html};
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_HEADING_ATTRIBUTES;
    // A ```position block becomes a figure: its JSON is gathered, then written whole.
    let mut figure: Option<String> = None;
    let parser = Parser::new_ext(markdown, options).filter_map(move |e| match (e, figure.as_mut()) {
        (Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang))), None) if &*lang == "position" => {
            figure = Some(String::new());
            None
        }
        (Event::Text(t), Some(json)) => {
            json.push_str(&t);
            None
        }
        (Event::End(TagEnd::CodeBlock), Some(json)) => {
            let html = figure_html(json);
            figure = None;
            Some(Event::Html(html.into()))
        }
        (Event::Html(t) | Event::InlineHtml(t), _) => Some(Event::Text(t)),
        (e, _) => Some(e),
    });
    let mut body = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut body, parser);
    // Code blocks and tables may scroll sideways: a keyboard must be able to reach them.
    // (Markdown's own HTML is text by now, so these tags are the renderer's.)
    let body = body.replace("<pre>", "<pre tabindex=\"0\">").replace("<table>", "<table tabindex=\"0\">");
    let title = markdown
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .map_or_else(|| id.to_owned(), |t| escape(&t.replace('`', "")));
    let game = escape(id);
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} — tabula</title><link rel=\"stylesheet\" href=\"/app/style.css\"><link rel=\"icon\" href=\"/app/icon.svg\">\
         <script type=\"module\" src=\"/app/theme.js\"></script>\
         <script type=\"module\" src=\"/app/figure.js\"></script></head>\
         <body class=\"rules\" data-game=\"{game}\"><header class=\"top\"><a class=\"brand\" href=\"/\">tabula</a>\
         <span class=\"crumb\">{crumb}</span></header><main class=\"doc\">{body}</main></body></html>\n"
    )
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_has_rules_embedded() {
        let ids = rules_ids();
        for e in tabula_registry::registry().entries() {
            assert!(ids.iter().any(|i| i == e.spec.id), "no docs/rules/{}.md embedded", e.spec.id);
        }
    }

    #[test]
    fn every_registered_game_has_a_guide_linking_its_complete_rules() {
        let ids = guide_ids();
        for e in tabula_registry::registry().entries() {
            let id = e.spec.id;
            assert!(ids.iter().any(|i| i == id), "no docs/guides/{id}.md embedded");
            let text = GUIDES.get_file(format!("{id}.md")).and_then(|f| f.contents_utf8()).expect("utf-8");
            assert!(text.contains(&format!("](/rules/{id})")), "the guide to {id} links its complete rules");
            let page = doc_html(id, text, "how to play");
            assert!(page.contains("<span class=\"crumb\">how to play</span>"), "{page}");
        }
    }

    /// Every figure of every guide reads and its actions play, to a position the page can
    /// draw: a guide's pictures cannot go stale when a game's rules or notation change.
    #[test]
    fn every_guide_s_figures_are_positions_of_its_game() {
        let registry = tabula_registry::registry();
        for id in guide_ids() {
            let text = GUIDES.get_file(format!("{id}.md")).and_then(|f| f.contents_utf8()).expect("utf-8");
            let page = doc_html(&id, text, "how to play");
            assert!(!page.contains("A figure could not be read"), "{id}: {page}");
            let figures: Vec<&str> =
                text.split("```position\n").skip(1).map(|b| b.split("\n```").next().unwrap()).collect();
            assert!(figures.len() >= 2, "the guide to {id} shows at least two positions");
            assert_eq!(page.matches("<figure class=\"position\"").count(), figures.len());
            for json in figures {
                let f: Figure = serde_json::from_str(json).unwrap_or_else(|e| panic!("{id}: {e}: {json}"));
                assert!(!f.caption.is_empty());
                let asked = crate::protocol::PositionAsked {
                    options: Some(f.options),
                    seed: Some(f.seed),
                    actions: Some(f.actions),
                    seat: Some(f.seat),
                };
                if let Err(e) = crate::position::position(&registry, &id, asked) {
                    panic!("{id}: a figure's position is refused: {}\n{json}", e.message);
                }
            }
        }
        let broken = doc_html("abagio", "```position\n{\"actions\": 3}\n```\n", "how to play");
        assert!(broken.contains("A figure could not be read"), "{broken}");
    }

    /// Every game's tutorial reads and plays: the moves played for the learner are legal in
    /// turn, and at each lesson that asks a move it is the learner's turn and every move it
    /// accepts is legal.
    #[test]
    fn every_game_s_tutorial_plays_through() {
        let registry = tabula_registry::registry();
        for e in registry.entries() {
            let id = e.spec.id;
            let t = tutorial(id).unwrap_or_else(|| panic!("no docs/tutorials/{id}.json")).unwrap();
            let game = registry.make(id, &serde_json::Value::Object(t.options.clone())).unwrap();
            assert!(t.seat < game.num_players(), "{id}: the learner's seat");
            let mut state = game.new_state(0);
            let mut asked = 0;
            for (k, step) in t.steps.iter().enumerate() {
                for a in &step.play {
                    if let Err(err) = state.apply(a) {
                        panic!("{id}, lesson {}: `{a}` is refused: {err}", k + 1);
                    }
                }
                assert!(!step.say.is_empty());
                if step.moves.is_empty() {
                    continue;
                }
                asked += 1;
                assert_eq!(
                    state.turn(),
                    tabula_core::Turn::Player(t.seat),
                    "{id}, lesson {}: the learner's turn",
                    k + 1
                );
                let legal = state.legal_actions();
                for m in &step.moves {
                    assert!(legal.contains(m), "{id}, lesson {}: `{m}` is not among {legal:?}", k + 1);
                }
                assert!(step.hint.is_some(), "{id}, lesson {}: a hint for a wrong move", k + 1);
                state.apply(&step.moves[0]).unwrap();
            }
            assert!(asked >= 5, "{id}'s tutorial asks the learner for at least five moves");
            assert!(t.steps.last().is_some_and(|s| s.moves.is_empty()), "{id}'s tutorial ends with words");
        }
    }

    #[test]
    fn rules_pages_show_html_in_the_markdown_as_text() {
        let page =
            rules_html("x", "# Title <b>\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(!page.contains("<script>alert"), "{page}");
        assert!(page.contains("&lt;script&gt;"), "{page}");
        assert!(page.contains("<table tabindex=\"0\">"), "a table scrolls by keyboard too: {page}");
        assert!(page.contains("<title>Title &lt;b&gt; — tabula</title>"), "{page}");
    }

    #[test]
    fn the_client_page_is_embedded() {
        assert!(APP.get_file("index.html").is_some());
        assert_eq!(content_type("a/b.js"), "text/javascript; charset=utf-8");
    }
}
