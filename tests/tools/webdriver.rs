//! A tiny WebDriver client (W3C protocol over HTTP/1.1 on a TcpStream) for
//! clicking through pages in headless Chromium with `chromedriver`: no
//! crate, just the few commands the tests need.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The key W3C WebDriver names element references with.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A chromedriver process with one headless Chromium session; both end
/// when it is dropped.
pub struct Driver {
    child: Child,
    port: u16,
    session: String,
}

impl Driver {
    /// Starts chromedriver and a headless session with its profile in
    /// `dir`; `None` (after `tools::have` said why) when a tool is missing.
    pub fn start(dir: &Path) -> Option<Driver> {
        if !crate::tools::have("chromedriver") {
            return None;
        }
        let browser = ["chromium", "chromium-browser"].into_iter().find(|c| {
            Command::new("sh").args(["-c", &format!("command -v {c}")]).output().is_ok_and(|o| o.status.success())
        });
        let Some(browser) = browser else {
            assert!(!crate::tools::have("chromium"));
            return None;
        };
        let path = Command::new("sh").args(["-c", &format!("command -v {browser}")]).output().unwrap();
        let binary = String::from_utf8_lossy(&path.stdout).trim().to_string();
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut driver = Driver { child, port, session: String::new() };
        let start = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = dir.join("chromium-profile");
        let args = crate::tools::HEADLESS_CHROMIUM
            .iter()
            .chain(&["--window-size=1100,900"])
            .map(|a| a.to_string())
            .chain([format!("--user-data-dir={}", profile.display())])
            .collect::<Vec<_>>();
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": binary, "args": args }
        } } });
        let reply = driver.call("POST", "/session", Some(&caps));
        driver.session = reply["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {reply}")).to_string();
        Some(driver)
    }

    /// One command; returns the reply's `value`, failing on an error.
    fn call(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let reply = self.request(method, path, body).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let value = reply.get("value").cloned().unwrap_or(Value::Null);
        assert!(value.get("error").is_none(), "{method} {path} failed: {value}");
        value
    }

    /// One HTTP exchange with chromedriver: the reply as JSON.
    fn request(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        stream.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        );
        stream.write_all(request.as_bytes()).map_err(|e| e.to_string())?;
        // chromedriver may keep the connection open: read the head, then
        // as many bytes as it announces.
        let mut raw = Vec::new();
        let mut buf = [0u8; 65536];
        let mut more = |raw: &mut Vec<u8>| -> Result<bool, String> {
            let n = stream.read(&mut buf).map_err(|e| e.to_string())?;
            raw.extend_from_slice(&buf[..n]);
            Ok(n > 0)
        };
        let (split, head) = loop {
            if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break (i + 4, String::from_utf8_lossy(&raw[..i + 4]).to_ascii_lowercase());
            }
            if !more(&mut raw)? {
                return Err("the connection closed before the reply's head".into());
            }
        };
        let length =
            head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|n| n.trim().parse::<usize>().ok());
        loop {
            let done = match length {
                Some(n) => raw.len() >= split + n,
                None => raw.ends_with(b"0\r\n\r\n"),
            };
            if done || !more(&mut raw)? {
                break;
            }
        }
        let body =
            if head.contains("transfer-encoding: chunked") { dechunk(&raw[split..]) } else { raw[split..].to_vec() };
        serde_json::from_slice(&body).map_err(|e| format!("{e}: {head}{}", String::from_utf8_lossy(&body)))
    }

    fn at(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    pub fn goto(&self, url: &str) {
        self.call("POST", &self.at("/url"), Some(&json!({ "url": url })));
    }

    /// The first element matching a CSS selector (fails when none does).
    pub fn find(&self, css: &str) -> String {
        let v = self.call("POST", &self.at("/element"), Some(&json!({ "using": "css selector", "value": css })));
        v[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {v}")).to_string()
    }

    pub fn click(&self, element: &str) {
        self.call("POST", &self.at(&format!("/element/{element}/click")), Some(&json!({})));
    }

    /// Types `text` into an element (a WebDriver key such as `\u{E00D}`,
    /// Space, works on any focusable element).
    pub fn send_keys(&self, element: &str, text: &str) {
        self.call("POST", &self.at(&format!("/element/{element}/value")), Some(&json!({ "text": text })));
    }

    /// The element's rendered text.
    pub fn text(&self, element: &str) -> String {
        self.call("GET", &self.at(&format!("/element/{element}/text")), None).as_str().unwrap_or("").to_string()
    }

    pub fn attribute(&self, element: &str, name: &str) -> Option<String> {
        self.call("GET", &self.at(&format!("/element/{element}/attribute/{name}")), None).as_str().map(String::from)
    }

    /// Runs `script` (a function body) in the page and returns its value.
    pub fn script(&self, script: &str) -> Value {
        self.call("POST", &self.at("/execute/sync"), Some(&json!({ "script": script, "args": [] })))
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.request("DELETE", &self.at(""), None);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The body of a chunked HTTP reply.
fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = String::from_utf8_lossy(&rest[..eol]).trim().to_string();
        let n = usize::from_str_radix(&size, 16).unwrap_or(0);
        let tail = &rest[eol + 2..];
        if n == 0 || tail.len() < n {
            break;
        }
        out.extend_from_slice(&tail[..n]);
        rest = tail[n..].strip_prefix(b"\r\n").unwrap_or(&tail[n..]);
    }
    out
}
