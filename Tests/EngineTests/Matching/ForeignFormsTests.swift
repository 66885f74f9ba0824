import Testing

@testable import Engine

/// `ForeignForms`: the forms pass 1 keeps for pass 2 come back as appended, through growths.
struct ForeignFormsTests {
  @Test(arguments: [0, 1, 63, 64, 65, 3_000])
  func everyFormComesBackAsAppended(count: Int) throws {
    var forms = ForeignForms()
    // Lengths 0 to 40, so the bytes and the ends both outgrow their first capacity.
    let texts = (0..<count).map { String(repeating: "я", count: $0 % 21) }
    for text in texts {
      try Array(text.utf8).withUnsafeBufferPointer { (bytes) throws(SearchError) in try forms.append(bytes) }
    }
    #expect(forms.count == count)
    for (index, text) in texts.enumerated() {
      #expect(Array(forms.form(index)) == Array(text.utf8), "form \(index)")
    }
  }
}
