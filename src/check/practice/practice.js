// The practice page's script. `feedback` is `gametree grade`'s first
// divergence (src/check/divergence) walked over the steps Rust embedded:
// the words come from Rust; only the student's marks are filled in here.
// It runs in the page and, for the differential test, under node.
(function () {
'use strict';

function paths(P, list) {
  if (!list.length) return '(none)';
  return list.map(function (i) { return P.nodes[i].describe; }).join(' ');
}

// Node `p` is strictly below node `t` (nodes are in preorder).
function below(P, t, p) { return t < p && p < P.nodes[t].end; }

function leavesUnder(P, i) {
  var out = [];
  for (var j = i; j < P.nodes[i].end; j++) if (P.nodes[j].leaf) out.push(j);
  return out;
}

// The marks strictly below pruned edge `e` name exactly its leaves.
function coveredByLeaves(P, e, set) {
  var under = set.filter(function (p) { return below(P, e, p); });
  if (!under.length) return false;
  return leavesUnder(P, e).every(function (l) {
    return under.some(function (p) { return p === l || below(P, p, l); });
  });
}

// The first divergence of marks `marked` (node indices: the edge into each
// is pruned) and `values` ({node index: integer}) from convention `C`'s
// search of problem `P`; null when there is none.
function feedback(P, C, marked, values) {
  var set = marked.slice().sort(function (a, b) { return a - b; });
  var has = function (i) { return set.indexOf(i) >= 0; };
  var asLeaves = [];
  for (var k = 0; k < C.steps.length; k++) {
    var s = C.steps[k];
    if (s.t === 'enter') {
      if (has(s.node)) return s.words;
    } else if (s.t === 'cut') {
      var missing = [];
      s.edges.forEach(function (e) {
        if (has(e)) return;
        if (coveredByLeaves(P, e, set)) asLeaves.push(e); else missing.push(e);
      });
      if (missing.length) return s.words + paths(P, missing);
    } else if (s.t === 'return') {
      if (Object.prototype.hasOwnProperty.call(values, s.node) && values[s.node] !== s.value) {
        return s.words + String(values[s.node]);
      }
    }
  }
  for (var i = 0; i < set.length; i++) {
    var p = set[i];
    var t = C.truth.filter(function (t) { return below(P, t, p); })[0];
    if (t === undefined) continue;
    if (asLeaves.indexOf(t) < 0) {
      return 'you pruned ' + P.nodes[p].describe + ', but ' + P.nodes[t].describe +
        ' is itself pruned: list only the topmost pruned edges';
    }
    break;
  }
  if (asLeaves.length) {
    var e = asLeaves[0];
    return 'you listed the leaves below ' + P.nodes[e].describe + ' (' + paths(P, leavesUnder(P, e)) +
      ') instead of the edge itself: the same cut-off set, but pruned edges are given as the topmost edges (the convention)';
  }
  return null;
}

if (typeof module !== 'undefined' && module.exports) module.exports = { feedback: feedback };
if (typeof document === 'undefined') return;

var data = JSON.parse(document.getElementById('practice-data').textContent);

function setUp(section) {
  var P = data[+section.getAttribute('data-problem')];
  var marked = [];
  var out = section.querySelector('.feedback');
  var sol = section.querySelector('.solution');
  var showButton = section.querySelector('.show');
  var all = function (sel) { return [].slice.call(section.querySelectorAll(sel)); };

  function convention() {
    var cut = section.querySelector('input[type=radio]:checked').value;
    var bounds = section.querySelector('input.bounds');
    var key = cut + (bounds ? (bounds.checked ? '-bounds' : '-nobounds') : '');
    return P.conventions.filter(function (c) { return c.key === key; })[0];
  }

  function say(words, verdict) {
    out.textContent = words;
    out.setAttribute('data-verdict', verdict);
  }

  function toggle(node) {
    var at = marked.indexOf(node);
    if (at >= 0) marked.splice(at, 1); else marked.push(node);
    var on = at < 0;
    all('.toggle[data-node="' + node + '"]').forEach(function (el) { el.setAttribute('aria-pressed', on ? 'true' : 'false'); });
    say('', '');
  }

  all('.toggle').forEach(function (el) {
    var node = +el.getAttribute('data-node');
    el.addEventListener('click', function () { toggle(node); });
    el.addEventListener('keydown', function (e) {
      if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); toggle(node); }
    });
  });

  all('.values input').forEach(function (input) {
    input.addEventListener('input', function () {
      var node = input.getAttribute('data-node');
      all('.typed[data-node="' + node + '"]').forEach(function (t) { t.textContent = input.value.trim(); });
      say('', '');
    });
    input.addEventListener('keydown', function (e) {
      if (e.key === 'Enter') { e.preventDefault(); check(); }
    });
  });

  function check() {
    var C = convention();
    var values = {};
    var inputs = all('.values input');
    for (var i = 0; i < inputs.length; i++) {
      var text = inputs[i].value.trim().replace('−', '-');
      if (text === '') continue;
      var node = +inputs[i].getAttribute('data-node');
      if (!/^-?\d{1,9}$/.test(text)) {
        say('The value of ' + P.nodes[node].reference + ' is not a whole number: write it as 3 or -2.', 'unreadable');
        inputs[i].focus();
        return;
      }
      values[node] = parseInt(text, 10);
    }
    var words = feedback(P, C, marked, values);
    if (words !== null) { say('First divergence: ' + words + '.', 'wrong'); return; }
    var empty = inputs.filter(function (input) {
      var node = +input.getAttribute('data-node');
      return C.values[node] !== null && !Object.prototype.hasOwnProperty.call(values, node);
    }).map(function (input) { return P.nodes[+input.getAttribute('data-node')].reference; });
    if (empty.length) {
      say('No divergence so far. Still to write: the values of ' + empty.join(', ') + '.', 'incomplete');
    } else {
      say('Right: your pruned edges and values are the search\'s (root value ' + C.values[0] + ').', 'right');
    }
  }

  function showSolution() {
    sol.textContent = '';
    var frame = document.createElement('iframe');
    frame.setAttribute('title', 'solution: the search step by step (arrow keys step through it)');
    frame.srcdoc = convention().solution;
    frame.addEventListener('load', function () {
      try { frame.style.height = (frame.contentDocument.documentElement.scrollHeight + 20) + 'px'; } catch (e) { /* keep the CSS height */ }
    });
    sol.appendChild(frame);
  }

  section.querySelector('.check').addEventListener('click', check);
  showButton.addEventListener('click', function () {
    var open = sol.hidden;
    sol.hidden = !open;
    showButton.setAttribute('aria-expanded', open ? 'true' : 'false');
    showButton.textContent = open ? 'Hide solution' : 'Show solution';
    if (open) showSolution();
  });
  all('.convention input').forEach(function (input) {
    input.addEventListener('change', function () { say('', ''); if (!sol.hidden) showSolution(); });
  });
  section.querySelector('.clear').addEventListener('click', function () {
    marked.slice().forEach(toggle);
    all('.values input').forEach(function (input) { input.value = ''; });
    all('.typed').forEach(function (t) { t.textContent = ''; });
    say('', '');
  });
}

[].slice.call(document.querySelectorAll('section.problem')).forEach(setUp);
})();
